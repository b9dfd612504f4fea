import type { Kysely } from 'kysely';
import { can, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { toWire } from '../sync/codec.ts';
import type { EntityDef, Row } from '../sync/entities.ts';
import { CASE_ENTITIES } from './case-files.entities.ts';
import { putRow } from '../sync/store.ts';
import { canReadPetition } from './access.ts';

/**
 * Shared plumbing of the case-file REST calls: every read is scoped to the caller's firm and live rows, every
 * write goes through the sync store (putRow/deleteRow) so devices pull it, exactly as a device's own push.
 */
export type CaseTable =
  | 'petitions'
  | 'petition_parties'
  | 'petition_index'
  | 'reply_parents'
  | 'replies'
  | 'order_sheets'
  | 'attachments';

// The table is a parameter here, which Kysely's typed builder cannot follow; every query below still filters
// by company_id (and deleted_at where it reads).
const loose = (db: Db) => db as unknown as Kysely<any>;

export function caseEntity(table: CaseTable): EntityDef {
  const def = CASE_ENTITIES.find((e) => e.name === table);
  if (!def) throw new Error(`${table} is not a synced entity`);
  return def;
}

/** Students and clients read case files; only admins and lawyers change them (part 1 §6). */
export function requireEditor(actor: TActor): void {
  if (!can(actor, 'petitions.edit')) throw forbidden();
}

/** A live row of the firm, decoded as devices see it (booleans, JSON), or undefined. */
export async function findLive(
  db: Db,
  table: CaseTable,
  companyId: string,
  id: string,
): Promise<Row | undefined> {
  const r = await loose(db)
    .selectFrom(table)
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r ? toWire(caseEntity(table), r) : undefined;
}

/** The firm's live rows whose `column` is one of `values`, in display order where the table has one. */
export async function liveRowsWhere(
  db: Db,
  table: CaseTable,
  companyId: string,
  column: string,
  values: readonly string[],
): Promise<Row[]> {
  if (!values.length) return [];
  let q = loose(db)
    .selectFrom(table)
    .selectAll()
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(column, 'in', values);
  if ('display_order' in caseEntity(table).columns) q = q.orderBy('display_order');
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  const def = caseEntity(table);
  return rows.map((r) => toWire(def, r));
}

/**
 * A live row of the firm that belongs to a case file the actor may read; 404 for anything else, so another
 * firm's ids and case files the caller may not see are indistinguishable from ids that never existed.
 */
export async function findReadable(db: Db, actor: TActor, table: CaseTable, id: string): Promise<Row> {
  const row = await findLive(db, table, actor.company_id, id);
  if (!row) throw notFound();
  const petitionId = table === 'petitions' ? row.id : (row.petition_id as string | null);
  if (!petitionId || !(await canReadPetition(db, actor, petitionId))) throw notFound();
  return row;
}

/** The display order that puts a new row after the last live row of its list. */
export async function nextDisplayOrder(
  db: Db,
  table: CaseTable,
  companyId: string,
  scope: Record<string, string>,
): Promise<number> {
  let q = loose(db)
    .selectFrom(table)
    .select((eb) => eb.fn.max('display_order').as('max'))
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
  for (const [k, v] of Object.entries(scope)) q = q.where(k, '=', v);
  const r = await q.executeTakeFirst();
  return r?.max === null || r?.max === undefined ? 1 : Number(r.max) + 1;
}

/**
 * Saves a drag-and-drop order: each row's display_order becomes its position (1, 2, 3…). The rows must be
 * live rows of the firm and of one list (`scopeColumn`: the case file, reply heading or attachment owner).
 * Each changed row is a putRow, so devices receive the new order like any other edit.
 */
export async function reorderRows(
  trx: Db,
  actor: TActor,
  table: CaseTable,
  ids: string[],
  scopeColumn: string,
): Promise<void> {
  if (new Set(ids).size !== ids.length) throw notFound('A row appears twice in the new order.');
  const rows = await liveRowsWhere(trx, table, actor.company_id, 'id', ids);
  if (rows.length !== ids.length) throw notFound();
  const scopes = new Set(rows.map((r) => String(r[scopeColumn])));
  if (scopes.size !== 1) throw notFound('The rows do not belong to one list.');
  if (!(await canReadPetition(trx, actor, String(rows[0]!.petition_id)))) throw notFound();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [i, id] of ids.entries()) {
    if (byId.get(id)!.display_order !== i + 1)
      await putRow(trx, actor, caseEntity(table), id, { display_order: i + 1 });
  }
}
