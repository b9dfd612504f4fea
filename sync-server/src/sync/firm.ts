import {
  sql,
  type SelectQueryBuilder,
  type SqlBool,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import { entityDecl, type TActor } from '@lawfirm/shared-types';
import { HttpError, notFound } from '../http/errors.ts';
import type { EntityDef } from './entities.ts';
import { deleteRow, MutationRejected, putRow } from './store.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

/**
 * The one way feature code reads and writes a firm's rows (DESIGN §4: every query is scoped by the caller's
 * firm, whatever the client sends). `forFirm` hands out query builders that already carry the firm filter;
 * `forActor` adds the writes, which go through the sync store as the actor so every device pulls them.
 */

type TablesWith<C extends string> = {
  [T in keyof Database]: C extends keyof Database[T] ? T : never;
}[keyof Database];
/** Tables whose rows belong to one firm. */
export type FirmTable = TablesWith<'company_id'>;
/** Firm tables with tombstones: a deleted row stays until compaction, and reads skip it. */
export type LiveTable = FirmTable & TablesWith<'deleted_at'>;
/** Live tables a user orders by hand (display_order 1, 2, 3… within a list). */
export type OrderedTable = LiveTable & TablesWith<'display_order'>;
/** A column of the table (any member's, for a union of tables). */
export type ColumnOf<T> = T extends keyof Database ? keyof Database[T] & string : never;

/** A table is ordered by hand when its declared entity has a display_order column (shared-types). */
export const isOrdered = (table: string): table is OrderedTable =>
  entityDecl(table)?.columns.display_order !== undefined;

// The table is a type parameter in the helpers below. Kysely types selectFrom/updateTable through a
// conditional type (aliases, lists of tables) that TypeScript cannot resolve for a generic name, though for
// every plain table name it is exactly the builder stated here; these two casts say so, and nothing else is
// loosened. Filters on a generic table are written as SQL with qualified column refs for the same reason.
const selectTable = <T extends FirmTable>(db: Db, table: T) =>
  db.selectFrom(table) as SelectQueryBuilder<Database, T, Record<never, never>>;
const updateTableOf = <T extends FirmTable>(db: Db, table: T) =>
  db.updateTable(table) as UpdateQueryBuilder<Database, T, T, UpdateResult>;

const ref = (table: string, column: string) => sql.ref(`${table}.${column}`);
const equals = (table: string, column: string, value: unknown) =>
  sql<SqlBool>`${ref(table, column)} = ${value}`;

export type Firm = ReturnType<typeof forFirm>;

/** Reads (and plain updates) of one firm's rows; every builder already has `company_id = companyId`. */
export function forFirm(db: Db, companyId: string) {
  /** All the firm's rows of a table, tombstones included. */
  const selectFrom = <T extends FirmTable>(table: T) =>
    selectTable(db, table).where(equals(table, 'company_id', companyId));

  /** The firm's live rows of a table (tombstones left out). */
  const live = <T extends LiveTable>(table: T) =>
    selectFrom(table).where(sql<SqlBool>`${ref(table, 'deleted_at')} is null`);

  /** An update limited to the firm's rows (for tables the sync store does not write). */
  const updateTable = <T extends FirmTable>(table: T) =>
    updateTableOf(db, table).where(equals(table, 'company_id', companyId));

  /** A live row of the firm, or undefined (another firm's id looks exactly like an unknown one). */
  const find = <T extends LiveTable>(table: T, id: string) =>
    live(table)
      .selectAll()
      .where(equals(table, 'id', id))
      .executeTakeFirst();

  /** The firm's live rows whose `column` is one of `values`, in display order where the table has one. */
  const rowsWhere = async <T extends LiveTable>(table: T, column: ColumnOf<T>, values: readonly string[]) => {
    if (!values.length) return [];
    let q = live(table)
      .selectAll()
      .where(sql<SqlBool>`${ref(table, column)} in (${sql.join(values)})`);
    if (isOrdered(table)) q = q.orderBy(ref(table, 'display_order'));
    return q.orderBy(ref(table, 'created_at')).orderBy(ref(table, 'id')).execute();
  };

  /** The display order that puts a new row after the last live row of its list (`scope`: the list's columns). */
  const nextDisplayOrder = async <T extends OrderedTable>(
    table: T,
    scope: Partial<Record<ColumnOf<T>, string | number>>,
  ): Promise<number> => {
    let q = live(table).select(sql<number | string | null>`max(${ref(table, 'display_order')})`.as('max'));
    for (const [column, value] of Object.entries(scope)) q = q.where(equals(table, column, value));
    const r = await q.executeTakeFirst();
    return Number(r?.max ?? 0) + 1;
  };

  return { db, companyId, selectFrom, live, updateTable, find, rowsWhere, nextDisplayOrder };
}

/**
 * A refusal of the sync store (MutationRejected) as the REST answer it stands for: the same status and
 * message, and the fields' messages as validation_error.
 */
async function viaStore<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (!(e instanceof MutationRejected)) throw e;
    const fields = Object.keys(e.fields).length ? { validation_error: e.fields } : {};
    throw new HttpError(e.statusCode, e.message, fields);
  }
}

export type ActorFirm = ReturnType<typeof forActor>;

/**
 * The actor's firm (reads as forFirm) and writes as the actor. Writes go through the sync store, so a change
 * made over REST is logged for every device's next pull, bumps the field versions a device's later edit is
 * merged against, and is checked against the entity's policy and relations exactly as a device's push.
 */
export function forActor(db: Db, actor: TActor) {
  const firm = forFirm(db, actor.company_id);

  /** Creates or updates one row. */
  const put = (entity: EntityDef, id: string, values: Record<string, unknown>) =>
    viaStore(() => putRow(db, actor, entity, id, values));

  /** Tombstones one row and, through the declared relations, every row below it. */
  const remove = (entity: EntityDef, id: string) => viaStore(() => deleteRow(db, actor, entity, id));

  /**
   * Saves a drag-and-drop order: each row's display_order becomes its position (1, 2, 3…). The rows must be
   * live rows of the firm and of one list (`listColumn`: the case file, heading or owner they share); `check`
   * may refuse that list before anything is written. Only rows whose place changed are written.
   */
  const reorder = async (
    entity: EntityDef,
    ids: readonly string[],
    listColumn: string,
    check?: (first: Record<string, unknown>) => Promise<void>,
  ): Promise<void> => {
    const table = entity.table;
    if (!isOrdered(table)) throw new Error(`${entity.name} has no display order`);
    if (new Set(ids).size !== ids.length) throw notFound('A row appears twice in the new order.');
    const rows: Record<string, unknown>[] = await firm.rowsWhere(table, 'id', ids);
    if (rows.length !== ids.length) throw notFound();
    if (new Set(rows.map((r) => String(r[listColumn]))).size !== 1)
      throw notFound('The rows do not belong to one list.');
    await check?.(rows[0]!);
    const orderOf = new Map(rows.map((r) => [r.id, r.display_order]));
    for (const [i, id] of ids.entries())
      if (orderOf.get(id) !== i + 1) await put(entity, id, { display_order: i + 1 });
  };

  return { ...firm, actor, put, remove, reorder };
}
