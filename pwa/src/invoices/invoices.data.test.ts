import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import type { TPullResponse } from '@lawfirm/shared-types';
import { applyPullPage } from '../sync/apply-pull.ts';
import { sha256Hex } from '../sync/attachments.ts';
import { getMeta, openLocalDb, type LocalDb, type TRow } from '../sync/db.ts';
import { addReceiptsLocal, readInvoices, saveInvoiceLocal, savePaymentsLocal } from './invoices.data.ts';

let db: LocalDb;
afterEach(() => db?.close());

const row = (id: string, values: Record<string, unknown>): TRow => ({
  id,
  company_id: 'firm',
  field_versions: {},
  version: 1,
  ...values,
});
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const photo = (name: string, seed: number) =>
  new File([new Uint8Array([...PNG_HEAD, seed, seed, seed])], name, { type: 'image/png' });
const hashOf = async (f: File) => sha256Hex(await f.arrayBuffer());

/** An invoice of 1,000 rupees with one saved payment holding one saved receipt, as a pull brings them. */
async function pulledInvoice() {
  db = openLocalDb(`receipts-${crypto.randomUUID()}`);
  const changes: TPullResponse['changes'] = [
    {
      entity: 'invoices',
      id: 'inv',
      row: row('inv', { client_id: 'c', client_name: 'Ayesha', invoice_status_id: 2, amount: 100_000 }),
    },
    {
      entity: 'invoice_payments',
      id: 'pay',
      row: row('pay', { invoice_id: 'inv', paid_date: '2026-11-20', paid_amount: 20_000, notes: null }),
    },
    {
      entity: 'attachments',
      id: 'slip',
      row: row('slip', {
        invoice_id: 'inv',
        owner_type: 'Payment',
        owner_id: 'pay',
        sha256: 'a'.repeat(64),
        file_name: 'slip.png',
        mime_type: 'image/png',
        size: 10,
        display_order: 1,
      }),
    },
  ];
  const page: TPullResponse = {
    changes,
    cursor: 'c:1',
    more: false,
    remaining: 0,
    reset: false,
    lastMutationId: 0,
    results: [],
  };
  expect(await applyPullPage(db, page, await getMeta(db, 'cursor', ''))).toBe(true);
  return (await readInvoices(db, 'inv'))[0]!;
}
const queued = async () =>
  (await db.outbox.orderBy('id').toArray()).map((m) => [m.name, m.entity, m.rowId] as const);

it('a new payment with two receipts queues the payment, then each receipt, and keeps both files to upload', async () => {
  const inv = await pulledInvoice();
  expect(inv.paymentRows[0]!.receipts.map((r) => r.file_name)).toEqual(['slip.png']);
  const front = photo('front.png', 1);
  const back = photo('back.png', 2);
  const files = await savePaymentsLocal(db, inv, [
    {
      id: null,
      paid_date: '2026-11-26',
      paid_amount: 80_000,
      notes: '',
      receipts: [front, back],
      removedReceipts: [],
    },
  ]);
  expect(files).toEqual([await hashOf(front), await hashOf(back)]);
  expect((await db.files.bulkGet(files)).map((f) => [f?.name, f?.uploaded])).toEqual([
    ['front.png', false],
    ['back.png', false],
  ]);

  const after = (await readInvoices(db, 'inv'))[0]!;
  const added = after.paymentRows.find((p) => p.paid_date === '2026-11-26')!;
  expect(added.receipts.map((r) => [r.file_name, r.mime_type, r.sha256, r.display_order])).toEqual([
    ['front.png', 'image/png', files[0], 1],
    ['back.png', 'image/png', files[1], 2],
  ]);
  expect(added.receipts.every((r) => r.invoice_id === 'inv' && r.payment_id === added.id)).toBe(true);
  // The payment before its receipts (a receipt needs its payment on the server), then the invoice's status.
  expect(await queued()).toEqual([
    ['put', 'invoice_payments', added.id],
    ['put', 'attachments', added.receipts[0]!.id],
    ['put', 'attachments', added.receipts[1]!.id],
    ['put', 'invoices', 'inv'],
  ]);
});

it('a saved payment gets more receipts after its last, and loses a removed one when the form is saved', async () => {
  const inv = await pulledInvoice();
  const more = photo('later.png', 3);
  await addReceiptsLocal(db, inv.paymentRows[0]!, [more]);
  let payment = (await readInvoices(db, 'inv'))[0]!.paymentRows[0]!;
  expect(payment.receipts.map((r) => [r.file_name, r.display_order])).toEqual([
    ['slip.png', 1],
    ['later.png', 2],
  ]);

  const saved = await saveInvoiceLocal(db, 'inv', {}, [], [], (await readInvoices(db, 'inv'))[0]!, {
    drafts: [
      {
        id: 'pay',
        paid_date: '2026-11-20',
        paid_amount: 20_000,
        notes: '',
        receipts: [],
        removedReceipts: ['slip'],
      },
    ],
    removed: [],
  });
  expect(saved.files).toEqual([]);
  payment = (await readInvoices(db, 'inv'))[0]!.paymentRows[0]!;
  expect(payment.receipts.map((r) => r.file_name)).toEqual(['later.png']);
  expect((await queued()).at(-1)).toEqual(['delete', 'attachments', 'slip']);
  // Nothing else of the payment changed, so the payment itself is not sent again.
  expect((await queued()).some(([, entity]) => entity === 'invoice_payments')).toBe(false);
});
