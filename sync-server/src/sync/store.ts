import { fixedColumns, mergeFields, MSG, toValidationErrors, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId, nowIso } from '../db/ids.ts';
import { runPrecompiled, updateRowPrecompiled } from '../db/precompiled.ts';
import { recordChange } from './change-log.ts';
import { encodeValue, toWire } from './codec.ts';
import { memoRead } from './group-memo.ts';
import { insertRow } from './write-behind.ts';
import type { EntityDef, Row, WriteEffects } from './entities.ts';
import { changedFieldMaps, fieldMapsOf, newFieldMaps } from './field-meta.ts';
import { cascadeDelete, refuseParents, refuseRefs, tombstone, withoutFixed } from './relations.ts';

/** A mutation that can never succeed (forbidden, invalid): recorded as rejected, kept and shown on the device. */
export class MutationRejected extends Error {
  constructor(
    message: string,
    readonly statusCode = 422,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export type WriteResult = { status: 'applied' | 'conflict'; row: Row; conflicts: string[] };
export type PutOptions = {
  /** Field versions the device saw; absent = the caller writes over the current values (REST calls). */
  base?: Record<string, number>;
  changedAt?: string;
  /** The device (sync client id) or 'rest:<user id>' writing. */
  writer?: string;
  effects?: WriteEffects;
};

const tableOf = (trx: Db, def: EntityDef) => trx.selectFrom(def.table as 'courts').selectAll();

export async function loadRow(
  trx: Db,
  def: EntityDef,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  // A group commit reads its mutations' rows together beforehand (group-memo.ts); a copy, as callers may change it.
  const row = await memoRead(trx, def.table, id, 'row', async () => {
    const rows = await runPrecompiled(
      trx,
      `${def.table}.load`,
      (db) => tableOf(db, def).where('id', '=', ''),
      [id],
    );
    return rows[0];
  });
  return row && { ...row };
}

function validate(def: EntityDef, row: Record<string, unknown>): void {
  const r = def.schema.safeParse(row);
  if (!r.success) {
    const fields = toValidationErrors(r.error);
    throw new MutationRejected(Object.values(fields)[0]?.[0] ?? 'The given data was invalid.', 422, fields);
  }
}

/**
 * Creates or updates one row of a synced entity for an actor: the one mutator behind both sync pushes and the
 * REST calls. It checks permission and firm at the moment it applies (a role may have changed while a phone
 * was offline), merges field by field, records conflicts, and logs the change so every device pulls it.
 */
export async function putRow(
  trx: Db,
  actor: TActor,
  def: EntityDef,
  id: string,
  input: Record<string, unknown>,
  opts: PutOptions = {},
): Promise<WriteResult> {
  let values = input;
  // PostgreSQL cannot store NUL in text; no real field holds one, so refuse it as invalid input.
  if (JSON.stringify(values).includes('\\u0000'))
    throw new MutationRejected('The text contains a character that is not allowed.', 422);
  const writer = opts.writer ?? `rest:${actor.id}`;
  const unknown = Object.keys(values).filter((f) => !def.writable.includes(f));
  if (unknown.length)
    throw new MutationRejected(`These fields cannot be changed: ${unknown.join(', ')}.`, 422);
  if (def.prepare) values = await def.prepare(trx, actor, values);
  const existing = await loadRow(trx, def, id);
  if (existing && existing.company_id !== actor.company_id) throw new MutationRejected(MSG.notFound, 404);
  const now = nowIso();

  if (!existing) {
    const wire: Record<string, unknown> = {
      ...(def.defaults ?? {}),
      ...values,
      id,
      company_id: actor.company_id,
    };
    // With the row: who may add a file is who may edit its owner, whichever kind of row owns it.
    if (!def.canCreate(actor, wire)) throw new MutationRejected(MSG.forbidden, 403);
    const fields = Object.keys(values);
    validate(def, wire);
    const orphan =
      (await refuseParents(trx, def, actor.company_id, wire)) ??
      (await refuseRefs(trx, def.refs, actor.company_id, wire, fields));
    if (orphan) throw new MutationRejected(orphan, 422);
    if (def.check) {
      const msg = await def.check(trx, actor, wire as Row, fields);
      if (msg) throw new MutationRejected(msg, 422);
    }
    const seq = await recordChange(trx, actor.company_id, def.name, id);
    const dbRow: Record<string, unknown> = {};
    for (const [col, codec] of Object.entries(def.columns))
      if (col in wire) dbRow[col] = encodeValue(codec, wire[col]);
    Object.assign(dbRow, {
      id,
      company_id: actor.company_id,
      created_at: now,
      updated_at: now,
      updated_by: actor.id,
      version: seq,
      deleted_at: null,
      ...newFieldMaps(seq, writer),
    });
    // Held for the group's multi-row insert in a group commit on PostgreSQL (write-behind.ts).
    await insertRow(trx, def.table, dbRow);
    const row = toWire(def, dbRow);
    await def.afterWrite?.(trx, actor, null, row, fields, opts.effects);
    return { status: 'applied', row, conflicts: [] };
  }

  if (existing.deleted_at) throw new MutationRejected('This record was deleted on another device.', 410);
  const before = toWire(def, existing);
  const allowed = def.canUpdate(actor, before, Object.keys(values));
  if (allowed !== true) throw new MutationRejected(allowed, 403);
  const fixed = withoutFixed(fixedColumns(def), existing, values);
  if (fixed.refused) throw new MutationRejected(fixed.refused, 422);
  values = fixed.values;
  const maps = fieldMapsOf(def, existing);
  const { apply, conflicts } = mergeFields({
    values,
    base: opts.base ?? maps.versions,
    serverRow: before,
    fieldVersions: maps.versions,
    fieldWriters: maps.writers,
    writer,
  });
  const changed = Object.keys(apply).filter(
    (f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(apply[f] ?? null),
  );

  if (changed.length) {
    const after = { ...before, ...apply };
    validate(def, after);
    const missing = await refuseRefs(trx, def.refs, actor.company_id, after, changed);
    if (missing) throw new MutationRejected(missing, 422);
    if (def.check) {
      const msg = await def.check(trx, actor, after, changed);
      if (msg) throw new MutationRejected(msg, 422);
    }
  }
  let row = before;
  if (changed.length) {
    const seq = await recordChange(trx, actor.company_id, def.name, id);
    const set: Record<string, unknown> = { updated_at: now, updated_by: actor.id, version: seq };
    for (const f of changed) set[f] = encodeValue(def.columns[f]!, apply[f]);
    Object.assign(set, changedFieldMaps(maps, changed, seq, writer));
    await updateRowPrecompiled(trx, def.table, id, set);
    row = toWire(def, { ...existing, ...set });
    await def.afterWrite?.(trx, actor, before, row, changed, opts.effects);
  }
  for (const c of conflicts) {
    const cid = newId();
    await trx
      .insertInto('conflicts')
      .values({
        id: cid,
        company_id: actor.company_id,
        entity: def.name,
        row_id: id,
        field: c.field,
        server_value: JSON.stringify(c.server ?? null),
        server_user_id: (existing.updated_by as string | null) ?? null,
        server_user_name: await userName(trx, existing.updated_by as string | null),
        server_changed_at: (existing.updated_at as string | null) ?? null,
        client_value: JSON.stringify(c.client ?? null),
        client_user_id: actor.id,
        client_user_name: await userName(trx, actor.id),
        client_changed_at: opts.changedAt ?? now,
        resolved_at: null,
        resolution: null,
        resolved_by: null,
        created_at: now,
        updated_at: now,
        version: await recordChange(trx, actor.company_id, 'conflicts', cid),
        deleted_at: null,
      })
      .execute();
  }
  return { status: conflicts.length ? 'conflict' : 'applied', row, conflicts: conflicts.map((c) => c.field) };
}

async function userName(trx: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const u = await trx.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst();
  return u?.name ?? null;
}

/**
 * Deletes a row as a tombstone, so every device learns of it at its next pull, and with it every row below it
 * (the declared relations), in the same transaction.
 */
export async function deleteRow(trx: Db, actor: TActor, def: EntityDef, id: string): Promise<void> {
  const existing = await loadRow(trx, def, id);
  if (!existing || existing.company_id !== actor.company_id) throw new MutationRejected(MSG.notFound, 404);
  // Permission first: a refused delete stays refused even when someone else already deleted the row.
  if (!def.canDelete(actor, toWire(def, existing))) throw new MutationRejected(MSG.forbidden, 403);
  if (existing.deleted_at) return;
  const refused = await def.checkDelete?.(trx, actor, toWire(def, existing));
  if (refused) throw new MutationRejected(refused, 403);
  await tombstone(trx, def.name, actor.company_id, id, actor.id);
  await cascadeDelete(trx, def.name, actor.company_id, id, actor.id);
}
