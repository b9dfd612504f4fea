import { expect, it } from 'vitest';
import { newPaymentDraft, patchPayment, type TPaymentDraft } from './invoices.data.ts';

const file = (name: string) => new File([name], name, { type: 'image/png' });

it('adds two quick picks of receipts to the row as it is when each lands, losing neither', () => {
  const row = newPaymentDraft(100_000);
  const other = newPaymentDraft(5_000);
  // Both picks were made from the row as it was drawn (no receipts); the second lands after the first.
  const pick = (f: File) => (now: TPaymentDraft) => ({ receipts: [...now.receipts, f] });
  let rows = [row, other];
  rows = patchPayment(rows, row.key, pick(file('cheque-front.png')));
  rows = patchPayment(rows, row.key, pick(file('cheque-back.png')));
  expect(rows[0]!.receipts.map((f) => f.name)).toEqual(['cheque-front.png', 'cheque-back.png']);
  expect(rows[1]).toBe(other);
  // A plain patch sets its fields.
  expect(patchPayment(rows, other.key, { notes: 'By cheque' })[1]).toMatchObject({
    notes: 'By cheque',
    amount: '50.00',
  });
});
