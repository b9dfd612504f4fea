import type { TActor } from '@lawfirm/shared-types';
import {
  ZCourtInput,
  ZModuleTypeInput,
  ZPetitionTypeInput,
  ZStatuteInput,
  type TCourtInput,
  type TModuleTypeInput,
  type TPetitionTypeInput,
  type TStatuteInput,
} from '@lawfirm/shared-types/reference-data/reference-data.schema.ts';
import type { Db } from '../db/connect.ts';
import { newId } from '../db/ids.ts';
import { validationError } from '../http/errors.ts';
import { deleteOwned, deleteOwnedRow, putOwned, saveOwned, type OwnedResource } from './crud.ts';

export const MSG_COURT_INVALID = 'The selected court is invalid.';

/** Live links of a case category or of a court, of the actor's firm. */
const liveLinks = (trx: Db, actor: TActor, by: 'case_category_id' | 'court_id', id: string) =>
  trx
    .selectFrom('case_category_courts')
    .select(['id', 'court_id'])
    .where(by, '=', id)
    .where('company_id', '=', actor.company_id)
    .where('deleted_at', 'is', null)
    .execute();

async function unlink(
  trx: Db,
  actor: TActor,
  by: 'case_category_id' | 'court_id',
  id: string,
  keep: string[] = [],
) {
  for (const l of await liveLinks(trx, actor, by, id))
    if (!keep.includes(l.court_id)) await deleteOwnedRow(trx, actor, 'case_category_courts', l.id);
}

const COURTS: OwnedResource<TCourtInput> = {
  table: 'courts',
  schema: ZCourtInput,
  columns: (d) => ({ title: d.title, short_title: d.short_title }),
  // A deleted court leaves the case categories it was linked to.
  afterDelete: (trx, actor, id) => unlink(trx, actor, 'court_id', id),
};

const STATUTES: OwnedResource<TStatuteInput> = {
  table: 'statutes',
  schema: ZStatuteInput,
  columns: (d) => ({ title: d.title }),
  displayOrderScope: () => ({}),
};

const MODULE_TYPES: OwnedResource<TModuleTypeInput> = {
  table: 'module_types',
  schema: ZModuleTypeInput,
  columns: (d) => ({ module_id: d.module_id, title: d.title }),
  displayOrderScope: (d) => ({ module_id: d.module_id }),
};

const PETITION_TYPES: OwnedResource<TPetitionTypeInput> = {
  table: 'case_categories',
  schema: ZPetitionTypeInput,
  columns: (d) => ({ title: d.title, abbreviation: d.abbreviation }),
  // Every court id must be a live court of the caller's own firm.
  check: async (trx, actor, d) => {
    if (!d.court_ids?.length) return;
    const found = await trx
      .selectFrom('courts')
      .select('id')
      .where('company_id', '=', actor.company_id)
      .where('deleted_at', 'is', null)
      .where('id', 'in', d.court_ids)
      .execute();
    if (found.length !== d.court_ids.length) throw validationError({ court_ids: [MSG_COURT_INVALID] });
  },
  // The courts are replaced as a set; links that stay are not rewritten, so devices have nothing to pull.
  afterSave: async (trx, actor, id, d) => {
    if (d.court_ids === null) return;
    await unlink(trx, actor, 'case_category_id', id, d.court_ids);
    const have = new Set((await liveLinks(trx, actor, 'case_category_id', id)).map((l) => l.court_id));
    for (const court_id of d.court_ids.filter((c) => !have.has(c)))
      await putOwned(trx, actor, 'case_category_courts', newId(), { case_category_id: id, court_id });
  },
  afterDelete: (trx, actor, id) => unlink(trx, actor, 'case_category_id', id),
};

export const saveCourt = (db: Db, actor: TActor, input: unknown) => saveOwned(db, actor, COURTS, input);
export const deleteCourt = (db: Db, actor: TActor, id: string) => deleteOwned(db, actor, COURTS, id);
export const saveStatute = (db: Db, actor: TActor, input: unknown) => saveOwned(db, actor, STATUTES, input);
export const deleteStatute = (db: Db, actor: TActor, id: string) => deleteOwned(db, actor, STATUTES, id);
export const saveModuleType = (db: Db, actor: TActor, input: unknown) =>
  saveOwned(db, actor, MODULE_TYPES, input);
export const deleteModuleType = (db: Db, actor: TActor, id: string) =>
  deleteOwned(db, actor, MODULE_TYPES, id);
export const savePetitionType = (db: Db, actor: TActor, input: unknown) =>
  saveOwned(db, actor, PETITION_TYPES, input);
export const deletePetitionType = (db: Db, actor: TActor, id: string) =>
  deleteOwned(db, actor, PETITION_TYPES, id);
