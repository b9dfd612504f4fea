import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { INVOICE_CHILDREN } from '@lawfirm/shared-types';
import { openLocalDb, type LocalDb } from './db.ts';
import { readWithChildren } from './read-with-children.ts';
import { saveWithChildren } from './save-with-children.ts';

let db: LocalDb;
afterEach(() => db?.close());

const png = (name: string, seed: number) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, seed])], name, {
    type: 'image/png',
  });

it('reads a parent with two kinds of children in their order, their files, and the time a new one was made here', async () => {
  db = openLocalDb(`read-tree-${crypto.randomUUID()}`);
  const other = await saveWithChildren(db, {
    entity: 'invoices',
    id: null,
    values: { client_id: 'c', client_name: 'Other' },
    before: null,
  });
  const saved = await saveWithChildren(db, {
    entity: 'invoices',
    id: null,
    values: { client_id: 'c', client_name: 'Ayesha', amount: 1_000 },
    before: null,
    children: {
      invoice_expenses: {
        before: [],
        rows: [
          { id: null, values: { expense: 'Second', amount: 2, display_order: 2 } },
          { id: null, values: { expense: 'First', amount: 1, display_order: 1 } },
        ],
      },
      invoice_payments: {
        before: [],
        rows: [
          { id: null, values: { paid_date: '2026-11-27', paid_amount: 5, notes: null } },
          {
            id: null,
            values: { paid_date: '2026-11-20', paid_amount: 7, notes: null },
            files: [png('front.png', 1), png('back.png', 2)],
          },
        ],
      },
    },
  });
  const [inv] = await readWithChildren(db, 'invoices', {
    id: saved.id,
    madeAt: 'created_at',
    children: {
      invoice_expenses: { order: (a, b) => Number(a.display_order) - Number(b.display_order) },
      invoice_payments: {
        order: (a, b) => String(a.paid_date).localeCompare(String(b.paid_date)),
        files: true,
      },
    },
  });
  expect(inv?.client_name).toBe('Ayesha');
  expect(inv?.created_at).toBe(
    (await db.outbox.where('[entity+rowId]').equals(['invoices', saved.id]).first())?.createdAt,
  );
  expect(inv?.children.invoice_expenses?.map((e) => e.expense)).toEqual(['First', 'Second']);
  expect(inv?.children.invoice_payments?.map((p) => [p.paid_date, p.files.map((f) => f.file_name)])).toEqual([
    ['2026-11-20', ['front.png', 'back.png']],
    ['2026-11-27', []],
  ]);
  // Without an id: every parent, each with only its own children.
  const all = await readWithChildren(db, 'invoices', { children: { invoice_expenses: { order: () => 0 } } });
  expect(all.map((r) => [r.id, r.children.invoice_expenses?.length]).sort()).toEqual(
    [
      [other.id, 0],
      [saved.id, 2],
    ].sort(),
  );
});

it('orders children by a declared column: numbers by value, dates as stored, display_order when none is named', async () => {
  db = openLocalDb(`read-order-${crypto.randomUUID()}`);
  const saved = await saveWithChildren(db, {
    entity: 'invoices',
    id: null,
    values: { client_id: 'c', client_name: 'Ayesha' },
    before: null,
    children: {
      invoice_expenses: {
        before: [],
        rows: [10, 9, 2].map((n) => ({
          id: null,
          values: { expense: `E${n}`, amount: 1, display_order: n },
        })),
      },
      invoice_payments: {
        before: [],
        rows: ['2026-12-01', '2026-02-10', '2026-11-20'].map((d) => ({
          id: null,
          values: { paid_date: d, paid_amount: 1, notes: null },
        })),
      },
    },
  });
  const [inv] = await readWithChildren(db, 'invoices', { id: saved.id, children: INVOICE_CHILDREN });
  expect(inv?.children.invoice_expenses?.map((e) => e.expense)).toEqual(['E2', 'E9', 'E10']);
  expect(inv?.children.invoice_payments?.map((p) => p.paid_date)).toEqual([
    '2026-02-10',
    '2026-11-20',
    '2026-12-01',
  ]);
  const [plain] = await readWithChildren(db, 'invoices', {
    id: saved.id,
    children: { invoice_expenses: {} },
  });
  expect(plain?.children.invoice_expenses?.map((e) => e.display_order)).toEqual([2, 9, 10]);
});
