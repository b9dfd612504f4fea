import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import {
  INVOICE_CHILDREN,
  invoiceForList,
  statusOnPayment,
  type TInvoiceWithRows,
  type TPullResponse,
} from '@lawfirm/shared-types';
import { applyPulled, serverRow } from './pulled.fixture.ts';
import { sha256Hex } from './attachments.ts';
import { openLocalDb, type LocalDb } from './db.ts';
import { readWithChildren } from './read-with-children.ts';
import { childList, saveFiles, saveWithChildren, type TReadRow } from './save-with-children.ts';

// An invoice's payments with their receipts (their files) through the generic save and read, as the invoice
// form and the Paid Invoice Dialog use them (moved from the invoices' own data module, issue 32).

let db: LocalDb;
afterEach(() => db?.close());

const row = serverRow;
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const photo = (name: string, seed: number) =>
  new File([new Uint8Array([...PNG_HEAD, seed, seed, seed])], name, { type: 'image/png' });
const hashOf = async (f: File) => sha256Hex(await f.arrayBuffer());

/** The invoice as its screens read it: with its rows (INVOICE_CHILDREN), in the list's shape. */
const readInvoice = async (id: string) =>
  invoiceForList(
    (
      await readWithChildren<TInvoiceWithRows>(db, 'invoices', {
        id,
        madeAt: 'created_at',
        children: INVOICE_CHILDREN,
      })
    )[0]!,
  );

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
  expect(await applyPulled(db, changes)).toBe(true);
  return readInvoice('inv');
}
const queued = async () =>
  (await db.outbox.orderBy('id').toArray()).map((m) => [m.name, m.entity, m.rowId] as const);

/** The Paid Invoice Dialog's save: the payments typed there, then the status they leave (statusOnPayment). */
async function savePayments(inv: Awaited<ReturnType<typeof readInvoice>>, read: TReadRow[]) {
  const added = read.map(({ values }) => values.paid_amount);
  const status = statusOnPayment(
    { ...inv, payments: [...inv.payments, ...added] },
    { markPaid: false, today: '2026-11-29' },
  );
  const saved = await saveWithChildren(db, {
    entity: 'invoices',
    id: inv.id,
    values: {},
    before: inv,
    children: { invoice_payments: childList(inv.children.invoice_payments, read) },
    last: status,
  });
  return saved.files;
}

it('a new payment with two receipts queues the payment, then each receipt, and keeps both files to upload', async () => {
  const inv = await pulledInvoice();
  expect(inv.children.invoice_payments[0]!.files.map((r) => r.file_name)).toEqual(['slip.png']);
  const front = photo('front.png', 1);
  const back = photo('back.png', 2);
  const files = await savePayments(inv, [
    {
      row: { id: null, files: [front, back], removedFiles: [] },
      values: { paid_date: '2026-11-26', paid_amount: 80_000, notes: null },
    },
  ]);
  expect(files).toEqual([await hashOf(front), await hashOf(back)]);
  expect((await db.files.bulkGet(files)).map((f) => [f?.name, f?.uploaded])).toEqual([
    ['front.png', false],
    ['back.png', false],
  ]);

  const after = await readInvoice('inv');
  const added = after.children.invoice_payments.find((p) => p.paid_date === '2026-11-26')!;
  expect(added.files.map((r) => [r.file_name, r.mime_type, r.sha256, r.display_order])).toEqual([
    ['front.png', 'image/png', files[0], 1],
    ['back.png', 'image/png', files[1], 2],
  ]);
  expect(added.files.every((r) => r.invoice_id === 'inv' && r.owner_id === added.id)).toBe(true);
  // The payment before its receipts (a receipt needs its payment on the server), then the invoice's status.
  expect(await queued()).toEqual([
    ['put', 'invoice_payments', added.id],
    ['put', 'attachments', added.files[0]!.id],
    ['put', 'attachments', added.files[1]!.id],
    ['put', 'invoices', 'inv'],
  ]);
  // Paid in full (200 + 800 of 1,000): the status went Paid with the day.
  expect(after).toMatchObject({ invoice_status_id: 3, paid_at: '2026-11-29' });
});

it('a saved payment gets more receipts after its last, and loses a removed one when the form is saved', async () => {
  const inv = await pulledInvoice();
  const more = photo('later.png', 3);
  await saveFiles(db, 'invoice_payments', inv.children.invoice_payments[0]!, [more]);
  let payment = (await readInvoice('inv')).children.invoice_payments[0]!;
  expect(payment.files.map((r) => [r.file_name, r.display_order])).toEqual([
    ['slip.png', 1],
    ['later.png', 2],
  ]);

  const before = await readInvoice('inv');
  const saved = await saveWithChildren(db, {
    entity: 'invoices',
    id: 'inv',
    values: {},
    before,
    after: ['send_email'],
    children: {
      invoice_expenses: childList(before.children.invoice_expenses, [], { order: 'display_order' }),
      invoice_payments: childList(before.children.invoice_payments, [
        {
          row: { id: 'pay', files: [], removedFiles: ['slip'] },
          values: { paid_date: '2026-11-20', paid_amount: 20_000, notes: null },
        },
      ]),
    },
  });
  expect(saved.files).toEqual([]);
  payment = (await readInvoice('inv')).children.invoice_payments[0]!;
  expect(payment.files.map((r) => r.file_name)).toEqual(['later.png']);
  expect((await queued()).at(-1)).toEqual(['delete', 'attachments', 'slip']);
  // Nothing else of the payment changed, so the payment itself is not sent again.
  expect((await queued()).some(([, entity]) => entity === 'invoice_payments')).toBe(false);
});

it('a saved row loses a removed file at once, and an entity without files keeps nothing picked for it', async () => {
  const inv = await pulledInvoice();
  expect(await saveFiles(db, 'invoice_payments', inv.children.invoice_payments[0]!, [], ['slip'])).toEqual(
    [],
  );
  expect((await readInvoice('inv')).children.invoice_payments[0]!.files).toEqual([]);
  expect(await queued()).toEqual([['delete', 'attachments', 'slip']]);
  await expect(saveFiles(db, 'invoices', inv, [photo('x.png', 9)])).rejects.toThrow('invoices owns no files');
  expect(await db.files.count()).toBe(0);
});

it('a form rows keep their order as shown, and a field named `after` goes after the rows only when it is set', async () => {
  db = openLocalDb(`after-${crypto.randomUUID()}`);
  const expenses = [
    { row: { id: null }, values: { expense: 'Stamp', amount: 100 } },
    { row: { id: null }, values: { expense: 'Copies', amount: 50 } },
  ];
  const quiet = await saveWithChildren(db, {
    entity: 'invoices',
    id: null,
    values: { client_id: 'c', client_name: 'Bilal', send_email: false },
    before: null,
    after: ['send_email'],
    children: { invoice_expenses: childList([], expenses, { order: 'display_order' }) },
  });
  expect((await queued()).map(([name, entity]) => [name, entity])).toEqual([
    ['put', 'invoices'],
    ['put', 'invoice_expenses'],
    ['put', 'invoice_expenses'],
  ]);
  const read = await readInvoice(quiet.id);
  expect(read.send_email).toBe(false);
  expect(read.children.invoice_expenses.map((e) => [e.expense, e.display_order])).toEqual([
    ['Stamp', 1],
    ['Copies', 2],
  ]);

  await db.outbox.clear();
  const mailed = await saveWithChildren(db, {
    entity: 'invoices',
    id: null,
    values: { client_id: 'c', client_name: 'Bilal', send_email: true },
    before: null,
    after: ['send_email'],
    children: { invoice_expenses: childList([], expenses.slice(0, 1), { order: 'display_order' }) },
  });
  const q = await db.outbox.orderBy('id').toArray();
  expect(q.map((m) => m.entity)).toEqual(['invoices', 'invoice_expenses', 'invoices']);
  expect(q[0]!.args).not.toHaveProperty('values.send_email');
  expect(q.at(-1)!.args).toEqual({ entity: 'invoices', id: mailed.id, values: { send_email: true } });
  // An edit sends it after the rows when it changes, and not at all when it does not.
  await db.outbox.clear();
  const before = await readInvoice(mailed.id);
  await saveWithChildren(db, {
    entity: 'invoices',
    id: mailed.id,
    values: { client_name: 'Bilal Ahmed', send_email: true },
    before,
    after: ['send_email'],
  });
  expect((await db.outbox.toArray()).map((m) => m.args)).toEqual([
    { entity: 'invoices', id: mailed.id, values: { client_name: 'Bilal Ahmed' } },
  ]);
});
