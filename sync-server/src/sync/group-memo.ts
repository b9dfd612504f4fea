import type { Db } from '../db/connect.ts';

/**
 * Reads of one row by id that a group commit on PostgreSQL answers once for all its mutations (issue 33): the
 * rows the group's mutations name, read together before they apply, and the reference rows (a court, a
 * category, a lawyer) fifty phones' new case files all name. Each read was a round trip the group's one
 * connection waited for. A row is forgotten as soon as the group changes it (every write of a synced row logs
 * its change, `recordChange`), and the whole memo when a savepoint is rolled back (what was read inside it may
 * have been the undone write). The group holds its firm's change-log lock from its first statement, so no
 * other writer of the firm commits a change while it runs; without a memo (SQLite, REST calls) every read goes
 * to the database as before.
 */
type Memo = Map<string, Map<string, unknown>>;
const memos = new WeakMap<object, Memo>();

const keyOf = (table: string, id: string) => `${table}\u0000${id}`;

export function openGroupMemo(trx: Db): void {
  memos.set(trx, new Map());
}

export function closeGroupMemo(trx: Db): void {
  memos.delete(trx);
}

/** After a rollback to a savepoint: what was read since may have been undone. */
export function clearGroupMemo(trx: Db): void {
  memos.get(trx)?.clear();
}

/** The group changed this row: the next read goes to the database. */
export function forgetRow(trx: Db, table: string, id: string): void {
  memos.get(trx)?.delete(keyOf(table, id));
}

/** Seeds the answer of a read (`kind` names its shape and filters) read with others in one statement. */
export function seedRead(trx: Db, table: string, id: string, kind: string, value: unknown): void {
  const memo = memos.get(trx);
  if (!memo) return;
  const key = keyOf(table, id);
  let entry = memo.get(key);
  if (!entry) memo.set(key, (entry = new Map()));
  if (!entry.has(kind)) entry.set(kind, value);
}

/**
 * Seeds every kind of read by id the write paths make (a row by id, a firm's live row, whether it is live, a
 * firm's row live or not) from whole rows read together, `ids` those asked for (an id missing from `rows` is no
 * row). The kinds are those of store.ts (`row`), relations.ts (`live:`, `isLive:`) and court-merge.ts (`firm:`).
 */
export function seedWholeRows(
  trx: Db,
  table: string,
  companyId: string,
  ids: Iterable<string>,
  rows: readonly Record<string, unknown>[],
): void {
  if (!memos.has(trx)) return;
  const found = new Map(rows.map((r) => [r.id as string, r]));
  for (const id of ids) {
    const row = found.get(id);
    const ours = row && row.company_id === companyId ? row : undefined;
    const live = ours && ours.deleted_at == null ? ours : undefined;
    seedRead(trx, table, id, 'row', row);
    seedRead(trx, table, id, `firm:${companyId}`, ours);
    seedRead(trx, table, id, `live:${companyId}`, live ? [live] : []);
    seedRead(trx, table, id, `isLive:${companyId}`, live ? [{ live: 1 }] : []);
  }
}

/**
 * `read()`'s answer for the row `id` of `table`, from the group's memo when it holds it. Callers treat the
 * answer as read-only: it is shared by the group's mutations.
 */
export async function memoRead<T>(
  trx: Db,
  table: string,
  id: string,
  kind: string,
  read: () => Promise<T>,
): Promise<T> {
  const memo = memos.get(trx);
  if (!memo) return read();
  const entry = memo.get(keyOf(table, id));
  if (entry?.has(kind)) return entry.get(kind) as T;
  const value = await read();
  seedRead(trx, table, id, kind, value);
  return value;
}
