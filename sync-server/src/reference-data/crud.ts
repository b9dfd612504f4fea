import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { can, MSG, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId } from '../db/ids.ts';
import { forbidden, HttpError, notFound, parse } from '../http/errors.ts';
import type { EntityDef } from '../sync/entities.ts';
import {
  caseCategoriesEntity,
  caseCategoryCourtsEntity,
  courtsEntity,
  moduleTypesEntity,
  statutesEntity,
} from './reference-data.entities.ts';
import { deleteRow, MutationRejected, putRow } from '../sync/store.ts';
import { inTransaction } from '../db/query-helpers.ts';

/** Tables of a firm's editable reference data; each is also a synced entity of the same name. */
export type OwnedTable = 'courts' | 'case_categories' | 'case_category_courts' | 'module_types' | 'statutes';

// The table name is a parameter here, which Kysely's typed builder cannot follow; this file is the only place
// that loosens it, and every query below still filters by company_id and deleted_at.
const loose = (db: Db) => db as unknown as Kysely<any>;

const OWNED: Record<OwnedTable, EntityDef> = {
  courts: courtsEntity,
  case_categories: caseCategoriesEntity,
  case_category_courts: caseCategoryCourtsEntity,
  module_types: moduleTypesEntity,
  statutes: statutesEntity,
};
export const entityOf = (table: OwnedTable): EntityDef => OWNED[table];

/**
 * Writes go through the sync store, so a change made over REST is logged for every device's next pull and
 * bumps the field versions a device's later edit is merged against. Its refusals become REST answers.
 */
export async function viaStore<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof MutationRejected)) throw e;
    const fields = Object.keys(e.fields).length ? { validation_error: e.fields } : {};
    throw new HttpError(e.statusCode, e.message, fields);
  }
}

export const putOwned = (
  trx: Db,
  actor: TActor,
  table: OwnedTable,
  id: string,
  values: Record<string, unknown>,
) => viaStore(() => putRow(trx, actor, entityOf(table), id, values));
export const deleteOwnedRow = (trx: Db, actor: TActor, table: OwnedTable, id: string) =>
  viaStore(() => deleteRow(trx, actor, entityOf(table), id));

type Input = { id: string | null; display_order?: number | null };

/** One kind of reference row: its table, its input schema and the columns an input writes. */
export type OwnedResource<TIn extends Input> = {
  table: OwnedTable;
  schema: z.ZodType<TIn, any>;
  columns: (data: TIn) => Record<string, unknown>;
  /** Rows are ordered by display_order within this scope (e.g. one module's types); a new row goes last. */
  displayOrderScope?: (data: TIn) => Record<string, unknown>;
  /** Checks that need the database (ids that must belong to the firm); throws a 422. */
  check?: (trx: Db, actor: TActor, data: TIn) => Promise<void>;
  /** Writes that go with the row, in the same transaction (links of a case category). */
  afterSave?: (trx: Db, actor: TActor, id: string, data: TIn) => Promise<void>;
  afterDelete?: (trx: Db, actor: TActor, id: string) => Promise<void>;
};

export const findOwned = (db: Db, table: OwnedTable, companyId: string, id: string) =>
  loose(db)
    .selectFrom(table)
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst() as Promise<Record<string, unknown> | undefined>;

async function nextDisplayOrder(
  db: Db,
  table: OwnedTable,
  companyId: string,
  scope: Record<string, unknown>,
) {
  let q = loose(db)
    .selectFrom(table)
    .select((eb) => eb.fn.max('display_order').as('max'))
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
  for (const [k, v] of Object.entries(scope)) q = q.where(k, '=', v);
  const r = await q.executeTakeFirst();
  return Number(r?.max ?? 0) + 1;
}

/**
 * Create (no id) or update (id of a live row of the actor's firm). The firm always comes from the actor; an id
 * of another firm's row answers 404 and that row is never touched.
 */
export async function saveOwned<TIn extends Input>(
  db: Db,
  actor: TActor,
  resource: OwnedResource<TIn>,
  input: unknown,
): Promise<{ id: string; created: boolean; message: string }> {
  if (!can(actor, 'referenceData.manage')) throw forbidden();
  const data = parse(resource.schema, input);
  return inTransaction(db, async (trx) => {
    const existing = data.id ? await findOwned(trx, resource.table, actor.company_id, data.id) : undefined;
    if (data.id && !existing) throw notFound();
    await resource.check?.(trx, actor, data);
    const values = resource.columns(data);
    if (resource.displayOrderScope) {
      // An empty display order keeps the row where it is, or puts a new row last.
      values.display_order =
        data.display_order ??
        (existing
          ? existing.display_order
          : await nextDisplayOrder(trx, resource.table, actor.company_id, resource.displayOrderScope(data)));
    }
    const id = existing ? data.id! : newId();
    await putOwned(trx, actor, resource.table, id, values);
    await resource.afterSave?.(trx, actor, id, data);
    return { id, created: !existing, message: existing ? MSG.updatedOk : MSG.savedOk };
  });
}

/** Soft delete (a tombstone the sync pull carries to every device), own firm only. */
export async function deleteOwned<TIn extends Input>(
  db: Db,
  actor: TActor,
  resource: OwnedResource<TIn>,
  id: string,
): Promise<void> {
  if (!can(actor, 'referenceData.manage')) throw forbidden();
  await inTransaction(db, async (trx) => {
    if (!(await findOwned(trx, resource.table, actor.company_id, id))) throw notFound();
    await resource.afterDelete?.(trx, actor, id);
    await deleteOwnedRow(trx, actor, resource.table, id);
  });
}
