import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import type { TPullResponse } from '@lawfirm/shared-types';
import { applyPulled } from './pulled.fixture.ts';
import { sha256Hex } from './attachments.ts';
import { openLocalDb, type LocalDb, type TRow } from './db.ts';
import { saveWithChildren } from './save-with-children.ts';

let db: LocalDb;
afterEach(() => db?.close());

const row = (id: string, values: Record<string, unknown>, versions: Record<string, number>): TRow => ({
  id,
  company_id: 'firm',
  field_versions: versions,
  version: 7,
  ...values,
});

/** A parent (an invoice) with two kinds of children (expenses, payments), as a pull brings them. */
async function pulled() {
  db = openLocalDb(`tree-${crypto.randomUUID()}`);
  const changes: TPullResponse['changes'] = [
    {
      entity: 'invoices',
      id: 'inv',
      row: row('inv', { client_id: 'c', client_name: 'Ayesha', amount: 100_000 }, { amount: 3 }),
    },
    ...['fee', 'court'].map((id, i) => ({
      entity: 'invoice_expenses',
      id,
      row: row(
        id,
        { invoice_id: 'inv', expense: id, amount: 500, display_order: i + 1 },
        { expense: 4, amount: 5 },
      ),
    })),
    {
      entity: 'invoice_payments',
      id: 'pay',
      row: row(
        'pay',
        { invoice_id: 'inv', paid_date: '2026-11-20', paid_amount: 20_000, notes: null },
        { notes: 6 },
      ),
    },
  ];
  expect(await applyPulled(db, changes)).toBe(true);
  const all = async (t: string) => db.rows(t).where({ invoice_id: 'inv' }).toArray();
  return {
    inv: (await db.rows('invoices').get('inv'))!,
    expenses: await all('invoice_expenses'),
    payments: await all('invoice_payments'),
  };
}
const queued = async () =>
  (await db.outbox.orderBy('id').toArray()).map((m) => [m.name, m.entity, m.rowId, m.args, m.base] as const);

it('an edit of one child field sends only that field with the version the form saw; a removed row is tombstoned', async () => {
  const { inv, expenses, payments } = await pulled();
  const saved = await saveWithChildren(db, {
    entity: 'invoices',
    id: 'inv',
    values: { client_name: 'Ayesha', amount: 100_000 },
    before: inv,
    children: {
      invoice_expenses: {
        before: expenses,
        rows: [{ id: 'fee', values: { expense: 'fee', amount: 750, display_order: 1 } }],
        removed: ['court'],
      },
      invoice_payments: {
        before: payments,
        rows: [{ id: 'pay', values: { paid_date: '2026-11-20', paid_amount: 20_000, notes: null } }],
      },
    },
  });
  expect(saved).toEqual({
    id: 'inv',
    children: { invoice_expenses: ['fee'], invoice_payments: ['pay'] },
    files: [],
  });
  // Nothing of the invoice or the payment changed, so neither is sent; the expense sends its amount only.
  expect(await queued()).toEqual([
    ['delete', 'invoice_expenses', 'court', { entity: 'invoice_expenses', id: 'court' }, undefined],
    [
      'put',
      'invoice_expenses',
      'fee',
      { entity: 'invoice_expenses', id: 'fee', values: { amount: 750 } },
      { amount: 5 },
    ],
  ]);
  expect(await db.rows('invoice_expenses').get('court')).toBeUndefined();
  expect((await db.rows('invoice_expenses').get('fee'))?.amount).toBe(750);
});

it('a new parent queues its children under it and their picked files, kept on the device to upload', async () => {
  db = openLocalDb(`tree-${crypto.randomUUID()}`);
  const slip = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], 'slip.png', {
    type: 'image/png',
  });
  const saved = await saveWithChildren(db, {
    entity: 'invoices',
    id: null,
    values: { client_id: 'c', client_name: 'Bilal', amount: 5_000, send_email: false },
    before: null,
    children: {
      invoice_expenses: {
        before: [],
        rows: [{ id: null, values: { expense: 'Stamp', amount: 100, display_order: 1 } }],
      },
      invoice_payments: {
        before: [],
        rows: [
          { id: null, values: { paid_date: '2026-11-26', paid_amount: 5_100, notes: null }, files: [slip] },
        ],
      },
    },
    last: { send_email: true },
  });
  const sha = await sha256Hex(await slip.arrayBuffer());
  expect(saved.files).toEqual([sha]);
  expect((await db.files.get(sha))?.uploaded).toBe(false);
  const q = await queued();
  expect(q.map(([name, entity]) => [name, entity])).toEqual([
    ['put', 'invoices'],
    ['put', 'invoice_expenses'],
    ['put', 'invoice_payments'],
    ['put', 'attachments'],
    ['put', 'invoices'],
  ]);
  const [payment] = saved.children.invoice_payments!;
  expect(await db.rows('invoice_expenses').get(saved.children.invoice_expenses![0]!)).toMatchObject({
    invoice_id: saved.id,
  });
  expect(await db.rows('attachments').where({ owner_id: payment }).toArray()).toMatchObject([
    { owner_type: 'Payment', invoice_id: saved.id, sha256: sha, file_name: 'slip.png', display_order: 1 },
  ]);
  expect(q.at(-1)?.[3]).toEqual({ entity: 'invoices', id: saved.id, values: { send_email: true } });
});

it('refuses files for an entity that owns none, keeping nothing queued', async () => {
  db = openLocalDb(`tree-${crypto.randomUUID()}`);
  await expect(
    saveWithChildren(db, {
      entity: 'invoices',
      id: null,
      values: { client_id: 'c' },
      before: null,
      children: {
        invoice_expenses: {
          before: [],
          rows: [{ id: null, values: { expense: 'x' }, files: [new File(['a'], 'a.png')] }],
        },
      },
    }),
  ).rejects.toThrow('invoice_expenses owns no files');
  expect(await db.outbox.count()).toBe(0);
});
