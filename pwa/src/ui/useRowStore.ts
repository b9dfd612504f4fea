import { v7 } from 'uuid';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import type { LocalDb, TRow } from '../sync/db.ts';
import { usePendingIds, useSync } from '../sync/hooks.ts';
import { syncTables } from '../sync/rebase.ts';
import type { TOrderChange } from '../tables/rowOrder.ts';

export type { LocalDb, TRow };

/** Deletes one row and what depends on it (its links, its files). */
export type TRemoveRow<T extends TRow> = (db: LocalDb, row: T) => Promise<unknown>;

/**
 * The row table's one door to the local database (pwa/src/sync): every add, edit, delete and reorder of
 * every row table goes through here, so all of it works with no network and reaches the server later.
 * Null until the database is open.
 */
export function useRowStore(entity: string) {
  const ctx = useSync();
  const pendingIds = usePendingIds(entity);
  if (!ctx) return null;
  const db = ctx.db;
  // Writes touching several rows run in ONE Dexie transaction: queued whole even if the tab closes half way.
  const inOneTransaction = (write: () => Promise<void>) => db.transaction('rw', syncTables(db), write);
  return {
    /** Rows with changes the server has not confirmed yet (the "Not synced yet" mark). */
    pendingIds,
    /** The id is made here, on the device, so the row exists at once with no network (DESIGN §4). */
    add: (values: Record<string, unknown>) => putLocal(db, entity, v7(), values),
    /** Only the changed fields, with the field versions seen when editing began (see putLocal). */
    update: (id: string, changed: Record<string, unknown>, seen: Record<string, number> | undefined) =>
      putLocal(db, entity, id, changed, seen ? { seen } : {}),
    remove: <T extends TRow>(rows: readonly T[], removeRow: TRemoveRow<T> | undefined) =>
      inOneTransaction(async () => {
        for (const row of rows) await (removeRow ? removeRow(db, row) : deleteLocal(db, entity, row.id));
      }),
    reorder: (changes: readonly TOrderChange[]) =>
      inOneTransaction(async () => {
        for (const c of changes) await putLocal(db, entity, c.id, { display_order: c.display_order });
      }),
  };
}

export type TRowStore = NonNullable<ReturnType<typeof useRowStore>>;
