import { expect, it } from 'vitest';
import { patchRow } from '../ui/forms/useFieldRows.tsx';
import { newPaymentRow, paymentRow, type TPaymentRow } from './MarkPaidDialog.tsx';

const file = (name: string) => new File([name], name, { type: 'image/png' });

it('adds two quick picks of receipts to the row as it is when each lands, losing neither', () => {
  const row = newPaymentRow(100_000);
  const other = newPaymentRow(5_000);
  // Both picks were made from the row as it was drawn (no receipts); the second lands after the first.
  const pick = (f: File) => (now: TPaymentRow) => ({ files: [...now.files, f] });
  let rows = [row, other];
  rows = patchRow(rows, row.key, pick(file('cheque-front.png')));
  rows = patchRow(rows, row.key, pick(file('cheque-back.png')));
  expect(rows[0]!.files.map((f) => f.name)).toEqual(['cheque-front.png', 'cheque-back.png']);
  expect(rows[1]).toBe(other);
  // A plain patch sets its fields.
  expect(patchRow(rows, other.key, { notes: 'By cheque' })[1]).toMatchObject({
    notes: 'By cheque',
    paid_amount: '50.00',
  });
});

it('starts a new payment at today, dd/mm/yyyy, with the amount given (or none), no receipts', () => {
  expect(newPaymentRow(null)).toMatchObject({
    id: null,
    paid_amount: '',
    notes: '',
    files: [],
    removedFiles: [],
  });
  expect(newPaymentRow(123_456).paid_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(newPaymentRow(123_456).paid_amount).toBe('1234.56');
});

it('a saved payment is a row keyed by its id, its date and amount as the user types them', () => {
  const saved = {
    id: 'pay',
    invoice_id: 'inv',
    paid_date: '2026-11-20',
    paid_amount: 50_000,
    notes: null,
    files: [],
  };
  expect(paymentRow(saved)).toEqual({
    key: 'pay',
    id: 'pay',
    paid_date: '20/11/2026',
    paid_amount: '500.00',
    notes: '',
    files: [],
    removedFiles: [],
  });
});
