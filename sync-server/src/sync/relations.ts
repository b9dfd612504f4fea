import { childRelationsOf, MSG_MOVE_REFUSED, type TEntityDecl } from '@lawfirm/shared-types';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import { runPrecompiled } from '../db/precompiled.ts';
import { recordChange } from './change-log.ts';
import { memoRead } from './group-memo.ts';

/**
 * The relations of the shared declarations, held on every write path: a row is created only under live
 * parents (and a live owner of the same case file) of its own firm, never moves to another parent, and goes
 * when its parent goes, in the same transaction, as tombstones every device pulls.
 */

/**
 * The firm's live rows of `table` with `id` (its whole row, or only whether there is one). The table is a
 * parameter (every entity's table has its name); the query still filters by firm and tombstone, and its SQL is
 * compiled once per table and shape: it runs for every relation a mutation names (a long outbox of new case
 * files asks for their court 200 times a push).
 */
function findLive(trx: Db, table: string, companyId: string, id: string, whole: boolean) {
  // A group commit's reads of one row are asked once per group (group-memo.ts).
  return memoRead(trx, table, id, `${whole ? 'live' : 'isLive'}:${companyId}`, () =>
    readLive(trx, table, companyId, id, whole),
  );
}

function readLive(trx: Db, table: string, companyId: string, id: string, whole: boolean) {
  return runPrecompiled(
    trx,
    `${table}.${whole ? 'live' : 'isLive'}`,
    (db) => {
      const q = db
        .selectFrom(table as 'petition_index')
        .where('id', '=', '')
        .where('company_id', '=', '')
        .where('deleted_at', 'is', null);
      return whole ? q.selectAll() : q.select(sql<number>`1`.as('live'));
    },
    [id, companyId],
  );
}

/** The firm's live row of `table` with `id`, or undefined. */
export async function liveRow(
  trx: Db,
  table: string,
  companyId: string,
  id: unknown,
): Promise<Record<string, unknown> | undefined> {
  if (typeof id !== 'string' || !id) return undefined;
  return (await findLive(trx, table, companyId, id, true))[0];
}

/**
 * Whether the firm has a live row of `table` with `id`, without reading the row (a parent, or a case file's
 * court, category or lawyer, is only looked up).
 */
export async function isLive(trx: Db, table: string, companyId: string, id: unknown): Promise<boolean> {
  if (typeof id !== 'string' || !id) return false;
  return (await findLive(trx, table, companyId, id, false)).length > 0;
}

/** Why a new row may not be created under the parents and owner it names, or null when it may. */
export async function refuseParents(
  trx: Db,
  decl: TEntityDecl,
  companyId: string,
  row: Record<string, unknown>,
): Promise<string | null> {
  for (const p of decl.parents ?? [])
    if (!(await isLive(trx, p.entity, companyId, row[p.column]))) return p.message;
  const o = decl.owner;
  if (o) {
    const type = String(row[o.typeColumn]);
    const entity = o.entities[type];
    const invalid = o.invalidMessages?.[type] ?? o.invalidMessage;
    if (!entity) return invalid;
    const owner = await liveRow(trx, entity, companyId, row[o.idColumn]);
    if (!owner) return invalid;
    // The column the row shares with its owner (its case file, its invoice) decides who reads it.
    const same = o.within?.[type] ?? o.sameAs;
    if (same && owner[same] !== row[same]) return o.otherCaseMessages?.[type] ?? o.otherCaseMessage;
  }
  return null;
}

/** What a reference column names (one id, or a list of them: a case file's lawyers); empty names nothing. */
export function refIds(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value ? [value] : [];
}

/** Why a write that changed `changed` may not name the rows its reference columns name, or null (see Ref). */
export async function refuseRefs(
  trx: Db,
  refs: Readonly<Record<string, { table: string; message: string }>> | undefined,
  companyId: string,
  row: Record<string, unknown>,
  changed: readonly string[],
): Promise<string | null> {
  for (const [column, ref] of Object.entries(refs ?? {})) {
    if (!changed.includes(column)) continue;
    for (const id of refIds(row[column]))
      if (!(await isLive(trx, ref.table, companyId, id))) return ref.message;
  }
  return null;
}

/**
 * The fixed columns an update names: refused when it would change one (a move to another case file), dropped
 * when it repeats the current value (devices send a row's parent back with its other fields).
 */
export function withoutFixed(
  fixed: readonly string[],
  existing: Record<string, unknown>,
  values: Record<string, unknown>,
): { values: Record<string, unknown>; refused: string | null } {
  const out = { ...values };
  for (const col of fixed) {
    if (!(col in out)) continue;
    if ((out[col] ?? null) !== (existing[col] ?? null)) return { values, refused: MSG_MOVE_REFUSED };
    delete out[col];
  }
  return { values: out, refused: null };
}

/** Tombstones one row as a change every device pulls. */
export async function tombstone(
  trx: Db,
  entity: string,
  companyId: string,
  id: string,
  updatedBy: string | null,
): Promise<void> {
  const seq = await recordChange(trx, companyId, entity, id);
  const now = nowIso();
  await trx
    .updateTable(entity as 'petition_index')
    .set({ deleted_at: now, updated_at: now, updated_by: updatedBy, version: seq })
    .where('id', '=', id)
    .execute();
}

/** Deletes every live row below a deleted row (children, their children, attachments of any of them). */
export async function cascadeDelete(
  trx: Db,
  entity: string,
  companyId: string,
  id: string,
  updatedBy: string | null,
): Promise<number> {
  let n = 0;
  for (const rel of childRelationsOf(entity)) {
    let q = trx
      .selectFrom(rel.entity as 'attachments')
      .select('id')
      .where('company_id', '=', companyId)
      .where(rel.column as 'owner_id', '=', id)
      .where('deleted_at', 'is', null);
    if (rel.typeColumn) q = q.where(rel.typeColumn as 'owner_type', '=', rel.typeValue!);
    for (const child of await q.execute()) {
      await tombstone(trx, rel.entity, companyId, child.id, updatedBy);
      n += 1 + (await cascadeDelete(trx, rel.entity, companyId, child.id, updatedBy));
    }
  }
  return n;
}
