import { fixedColumns, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { dynamicTables } from '../db/dynamic-tables.ts';
import { nowIso } from '../db/ids.ts';
import { recordChange } from './change-log.ts';
import { encodeValue, toWire } from './codec.ts';
import type { EntityDef, Row } from './entities.ts';
import { changedFieldMaps, fieldMapsOf, newFieldMaps } from './field-meta.ts';
import { refuseParents } from './relations.ts';
import { loadRow, MutationRejected } from './store.ts';

/**
 * field_writers of rows the server makes itself. A device's client id is never one of these, so a device's
 * first edit of such a field is merged like any other edit (mergeFields treats "same writer" as the device's own).
 */
export const SEED_WRITER = 'system:seed';
export const SIGNUP_WRITER = 'system:signup';
export const VISITOR_WRITER = 'system:visitor';
/** What a REST call writes as, the same as putRow's default, so REST and store writes tell devices the same. */
export const restWriter = (actor: TActor): string => `rest:${actor.id}`;

/** A row in wire form (declared columns, decoded) plus any server-only columns (password hashes) as stored. */
export type SystemRow = Record<string, unknown> & { id: string };

function toDbRow(def: EntityDef, companyId: string, row: SystemRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    const codec = def.columns[k];
    out[k] = codec ? encodeValue(codec, v) : v;
  }
  // The firm is always the caller's choice of firm, never whatever the row says.
  out.company_id = companyId;
  return out;
}

/** Sync metadata of a row whose every declared column was written at change `seq` by `writer`. */
export function newRowVersions(seq: number, writer: string) {
  return { version: seq, deleted_at: null, ...newFieldMaps(seq, writer) };
}

export type SystemInsertOptions = {
  writer: string;
  /** The signed-in user making the row, when there is one: its updated_by, and afterWrite runs as their write. */
  actor?: TActor;
};

/**
 * Inserts a row the server makes itself (a visitor's contact request, a sign-up, an account an admin creates):
 * no device may create these, so putRow's permission checks do not apply and the caller has authorised the
 * write. The row is logged like any other change, so every device of the firm pulls it.
 */
export async function insertSyncedRow(
  trx: Db,
  def: EntityDef,
  companyId: string,
  row: SystemRow,
  opts: SystemInsertOptions,
): Promise<Row> {
  const orphan = await refuseParents(trx, def, companyId, row);
  if (orphan) throw new MutationRejected(orphan, 422);
  const now = nowIso();
  const seq = await recordChange(trx, companyId, def.name, row.id);
  const dbRow = {
    created_at: now,
    updated_at: now,
    ...toDbRow(def, companyId, row),
    updated_by: opts.actor?.id ?? null,
    ...newRowVersions(seq, opts.writer),
  };
  await dynamicTables(trx).insertInto(def.table).values(dbRow).execute();
  const wire = toWire(def, dbRow);
  // An actor's create has the entity's side effects of that actor's write (an account an admin creates
  // approved is stamped approved by them), the same rule as a later approval.
  if (opts.actor)
    await def.afterWrite?.(
      trx,
      opts.actor,
      null,
      wire,
      Object.keys(row).filter((k) => k in def.columns),
    );
  return wire;
}

/**
 * A new firm's starting rows (settings, reference data, first admin): its state before its first change. The
 * firm has no device yet and a first sync is a snapshot, so they are stamped change 0 and not logged (which
 * also keeps a firm's creation to a few statements); every later write goes through the log.
 */
export async function insertSeedRows(
  trx: Db,
  def: EntityDef,
  companyId: string,
  rows: SystemRow[],
): Promise<void> {
  if (!rows.length) return;
  // Parents must be live rows of the firm, as on every write path: one query per parent column for the batch.
  for (const p of def.parents ?? []) {
    const wanted = [...new Set(rows.map((r) => String(r[p.column])))];
    const found = await dynamicTables(trx)
      .selectFrom(p.entity)
      .select('id')
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .where('id', 'in', wanted)
      .execute();
    if (found.length !== wanted.length) throw new Error(`${def.name}: ${p.message}`);
  }
  const now = nowIso();
  await dynamicTables(trx)
    .insertInto(def.table)
    .values(
      rows.map((r) => ({
        created_at: now,
        updated_at: now,
        ...toDbRow(def, companyId, r),
        updated_by: null,
        ...newRowVersions(0, SEED_WRITER),
      })),
    )
    .execute();
}

/**
 * Changes declared columns the server owns (a stored photo's name, the blocking of a closed firm's people) on
 * a live row of `companyId` the caller has authorised. Fields whose value does not change are left alone;
 * the others get the new version, so devices pull them and merge later edits against them.
 */
export async function updateSyncedRow(
  trx: Db,
  def: EntityDef,
  companyId: string,
  id: string,
  values: Record<string, unknown>,
  opts: { writer: string; updatedBy: string | null },
): Promise<void> {
  const existing = await loadRow(trx, def, id);
  if (!existing || existing.company_id !== companyId || existing.deleted_at)
    throw new Error(`${def.name} ${id} is not a live row of firm ${companyId}`);
  const unknown = Object.keys(values).filter((f) => !(f in def.columns));
  if (unknown.length) throw new Error(`${def.name} does not sync ${unknown.join(', ')}`);
  const moved = fixedColumns(def).filter((c) => c in values && values[c] !== existing[c]);
  if (moved.length) throw new Error(`${def.name} ${id}: ${moved.join(', ')} are fixed at creation`);
  const before = toWire(def, existing);
  const changed = Object.keys(values).filter(
    (f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(values[f] ?? null),
  );
  if (!changed.length) return;
  const seq = await recordChange(trx, companyId, def.name, id);
  const set: Record<string, unknown> = { updated_at: nowIso(), updated_by: opts.updatedBy, version: seq };
  for (const f of changed) set[f] = encodeValue(def.columns[f]!, values[f]);
  Object.assign(set, changedFieldMaps(fieldMapsOf(def, existing), changed, seq, opts.writer));
  await dynamicTables(trx).updateTable(def.table).set(set).where('id', '=', id).execute();
}
