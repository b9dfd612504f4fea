import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { entityDecl } from '@lawfirm/shared-types';
import { memoryHost } from '@lawfirm/shared-types/pdf/testing/host.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { openLocalDb, type LocalDb } from '../sync/db.ts';
import { documentInputLocal } from './document.ts';

let db: LocalDb;
afterEach(() => db?.close());

it("an invoice's declared document is made from this device's rows: its own lines and payments, by date", async () => {
  db = openLocalDb(`document-${crypto.randomUUID()}`);
  await db.rows('settings').put({ id: 's', site_name: 'Siddiqui & Co.', invoice_heading: 'INVOICE' });
  const inv = {
    id: 'inv',
    invoice_no: 7,
    client_name: 'Ayesha Khan',
    invoice_status_id: 2,
    amount: 100_000,
    apply_tax: false,
    tax_percentage: 10,
  };
  await db.rows('invoices').bulkPut([inv, { ...inv, id: 'other', invoice_no: 8 }]);
  await db.rows('invoice_expenses').bulkPut([
    // Stored in the other order than they print (the builder orders them).
    { id: 'e1', invoice_id: 'inv', expense: 'Stamp paper', amount: 5_000, display_order: 2 },
    { id: 'e2', invoice_id: 'inv', expense: 'Court fee', amount: 25_050, display_order: 1 },
    { id: 'e3', invoice_id: 'other', expense: 'Not this one', amount: 1, display_order: 1 },
  ]);
  await db.rows('invoice_payments').bulkPut([
    { id: 'p1', invoice_id: 'inv', paid_date: '2026-11-20', paid_amount: 30_000, notes: 'Second' },
    { id: 'p2', invoice_id: 'inv', paid_date: '2026-11-02', paid_amount: 20_000, notes: 'First' },
  ]);

  const input = await documentInputLocal(db, 'invoices', inv);
  expect(input.children.invoice_expenses!.map((e) => e.id).sort()).toEqual(['e1', 'e2']);
  expect(input.settings).toMatchObject({ site_name: 'Siddiqui & Co.' });

  const doc = await entityDecl('invoices')!.document!.load();
  expect(doc.fileName(input)).toBe('Invoice 7 - Ayesha Khan.pdf');
  const text = (await readPdf(await doc.build(input, memoryHost().loadBytes))).text.join('\n');
  // Expenses in their order, payments by date, the total of this invoice's lines only.
  expect(text.indexOf('Court fee')).toBeLessThan(text.indexOf('Stamp paper'));
  expect(text.indexOf('First')).toBeLessThan(text.indexOf('Second'));
  expect(text).not.toContain('Not this one');
  expect(text).toContain('Total: Rs. 1,300.50');
  expect(text).toContain('Balance due: Rs. 800.50');
});
