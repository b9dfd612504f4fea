import { can, MSG, type TActor } from '@lawfirm/shared-types';
import type {
  TCourtInput,
  TModuleTypeInput,
  TPetitionTypeInput,
  TStatuteInput,
} from '@lawfirm/shared-types/reference-data/reference-data.wire.ts';
import type { Db } from '../db/connect.ts';
import { forActor, isOrdered, type ActorFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, notFound, validationError } from '../http/errors.ts';
import type { EntityDef } from '../sync/entities.ts';
import {
  caseCategoriesEntity,
  caseCategoryCourtsEntity,
  courtsEntity,
  moduleTypesEntity,
  statutesEntity,
} from './reference-data.entities.ts';

export const MSG_COURT_INVALID = 'The selected court is invalid.';

/** Tables of a firm's editable reference data, each with its synced entity. */
type ReferenceTable = 'courts' | 'case_categories' | 'module_types' | 'statutes';
const ENTITIES: Record<ReferenceTable, EntityDef> = {
  courts: courtsEntity,
  case_categories: caseCategoriesEntity,
  module_types: moduleTypesEntity,
  statutes: statutesEntity,
};

type Input = { id: string | null; display_order?: number | null };

/** One kind of reference row: its table and the columns an input (parsed by the route's wire parser) writes. */
type ReferenceResource<TIn extends Input> = {
  table: ReferenceTable;
  columns: (data: TIn) => Record<string, unknown>;
  /** A table with a display order orders rows within this list (e.g. one module's types); a new row goes last. */
  displayOrderScope?: (data: TIn) => Record<string, string | number>;
  /** Checks that need the database (ids that must belong to the firm); throws a 422. */
  check?: (firm: ActorFirm, data: TIn) => Promise<void>;
  /** Writes that go with the row, in the same transaction (links of a case category). */
  afterSave?: (firm: ActorFirm, id: string, data: TIn) => Promise<void>;
  afterDelete?: (firm: ActorFirm, id: string) => Promise<void>;
};

/** Live links of a case category or of a court. */
const liveLinks = (firm: ActorFirm, by: 'case_category_id' | 'court_id', id: string) =>
  firm.live('case_category_courts').select(['id', 'court_id']).where(by, '=', id).execute();

async function unlink(firm: ActorFirm, by: 'case_category_id' | 'court_id', id: string, keep: string[] = []) {
  for (const l of await liveLinks(firm, by, id))
    if (!keep.includes(l.court_id)) await firm.remove(caseCategoryCourtsEntity, l.id);
}

const COURTS: ReferenceResource<TCourtInput> = {
  table: 'courts',
  columns: (d) => ({ title: d.title, short_title: d.short_title }),
  // A deleted court leaves the case categories it was linked to.
  afterDelete: (firm, id) => unlink(firm, 'court_id', id),
};

const STATUTES: ReferenceResource<TStatuteInput> = {
  table: 'statutes',
  columns: (d) => ({ title: d.title }),
};

const MODULE_TYPES: ReferenceResource<TModuleTypeInput> = {
  table: 'module_types',
  columns: (d) => ({ module_id: d.module_id, title: d.title }),
  displayOrderScope: (d) => ({ module_id: d.module_id }),
};

const PETITION_TYPES: ReferenceResource<TPetitionTypeInput> = {
  table: 'case_categories',
  columns: (d) => ({ title: d.title, abbreviation: d.abbreviation }),
  // Every court id must be a live court of the caller's own firm.
  check: async (firm, d) => {
    if (!d.court_ids?.length) return;
    const found = await firm.live('courts').select('id').where('id', 'in', d.court_ids).execute();
    if (found.length !== d.court_ids.length) throw validationError({ court_ids: [MSG_COURT_INVALID] });
  },
  // The courts are replaced as a set; links that stay are not rewritten, so devices have nothing to pull.
  afterSave: async (firm, id, d) => {
    if (d.court_ids === null) return;
    await unlink(firm, 'case_category_id', id, d.court_ids);
    const have = new Set((await liveLinks(firm, 'case_category_id', id)).map((l) => l.court_id));
    for (const court_id of d.court_ids.filter((c) => !have.has(c)))
      await firm.put(caseCategoryCourtsEntity, newId(), { case_category_id: id, court_id });
  },
  afterDelete: (firm, id) => unlink(firm, 'case_category_id', id),
};

/**
 * Create (no id) or update (id of a live row of the actor's firm). The firm always comes from the actor; an id
 * of another firm's row answers 404 and that row is never touched.
 */
async function saveReference<TIn extends Input>(
  db: Db,
  actor: TActor,
  resource: ReferenceResource<TIn>,
  data: TIn,
): Promise<{ id: string; created: boolean; message: string }> {
  const { table } = resource;
  const entity = ENTITIES[table];
  // The entity's own policy, as a device's push meets it (lawyers add courts; admins edit every list).
  if (!data.id && !entity.canCreate(actor)) throw forbidden();
  return inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    const existing = data.id ? await firm.find(table, data.id) : undefined;
    if (data.id && !existing) throw notFound();
    const values = resource.columns(data);
    if (existing && entity.canUpdate(actor, existing, Object.keys(values)) !== true) throw forbidden();
    await resource.check?.(firm, data);
    // An empty display order keeps the row where it is, or puts a new row last.
    if (isOrdered(table))
      values.display_order =
        data.display_order ??
        existing?.display_order ??
        (await firm.nextDisplayOrder(table, resource.displayOrderScope?.(data) ?? {}));
    const id = existing?.id ?? newId();
    await firm.put(entity, id, values);
    await resource.afterSave?.(firm, id, data);
    return { id, created: !existing, message: existing ? MSG.updatedOk : MSG.savedOk };
  });
}

/** Soft delete (a tombstone the sync pull carries to every device), own firm only, by admins only. */
async function deleteReference<TIn extends Input>(
  db: Db,
  actor: TActor,
  resource: ReferenceResource<TIn>,
  id: string,
): Promise<void> {
  if (!can(actor, 'referenceData.manage')) throw forbidden();
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (!(await firm.find(resource.table, id))) throw notFound();
    await resource.afterDelete?.(firm, id);
    await firm.remove(ENTITIES[resource.table], id);
  });
}

export const saveCourt = (db: Db, actor: TActor, input: TCourtInput) =>
  saveReference(db, actor, COURTS, input);
export const deleteCourt = (db: Db, actor: TActor, id: string) => deleteReference(db, actor, COURTS, id);
export const saveStatute = (db: Db, actor: TActor, input: TStatuteInput) =>
  saveReference(db, actor, STATUTES, input);
export const deleteStatute = (db: Db, actor: TActor, id: string) => deleteReference(db, actor, STATUTES, id);
export const saveModuleType = (db: Db, actor: TActor, input: TModuleTypeInput) =>
  saveReference(db, actor, MODULE_TYPES, input);
export const deleteModuleType = (db: Db, actor: TActor, id: string) =>
  deleteReference(db, actor, MODULE_TYPES, id);
export const savePetitionType = (db: Db, actor: TActor, input: TPetitionTypeInput) =>
  saveReference(db, actor, PETITION_TYPES, input);
export const deletePetitionType = (db: Db, actor: TActor, id: string) =>
  deleteReference(db, actor, PETITION_TYPES, id);
