import { v7 } from 'uuid';
import { courtsDecl } from '@lawfirm/shared-types';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import type { LocalDb } from '../sync/db.ts';
import { syncTables } from '../sync/rebase.ts';
import { linkChanges, type TCourtLink } from './caseCategoryLinks.ts';
import { planCourtMerge, type TMergeCaseFile } from './courtMerge.ts';

/**
 * Local writes of the reference data that touch more than one row, each in ONE Dexie transaction, so a case
 * category is never queued without its courts, even if the tab closes half way. Deletes are one mutation: the
 * shared relations take a court's or category's links with it, on the device at once and on the server.
 */

const linksBy = async (db: LocalDb, by: 'case_category_id' | 'court_id', id: string) =>
  (await db.rows('case_category_courts').where(by).equals(id).toArray()) as TCourtLink[];

/**
 * A court a lawyer adds from the case form, offline too: one queued row like any other write, on screen at
 * once and sent at the next sync (the server holds who may add one). Answers its id.
 */
export async function addCourtLocal(db: LocalDb, title: string): Promise<string> {
  const checked = courtsDecl.schema.safeParse({ title });
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'The court is not valid.');
  const id = v7();
  await putLocal(db, 'courts', id, { title: checked.data.title });
  return id;
}

/** A deleted court leaves the case categories it was linked to. */
export const deleteCourtLocal = async (db: LocalDb, courtId: string): Promise<void> => {
  await deleteLocal(db, 'courts', courtId);
};

/** The case files of a court on this device. */
export const caseFilesInCourt = async (db: LocalDb, courtId: string): Promise<TMergeCaseFile[]> =>
  db.rows('petitions').where('court_id').equals(courtId).toArray();

/**
 * Merges court `mergedId` into `keptId` as ordinary queued writes in ONE transaction, so it works offline and
 * syncs like any change: the merged court first records where it went (a case another device files in it
 * offline lands in the kept court, see sync-server court-merge.ts), its case files move, its categories are
 * linked to the kept court, and it is deleted (which takes its own links with it). Answers the moved count.
 */
export async function mergeCourtLocal(db: LocalDb, mergedId: string, keptId: string): Promise<number> {
  return db.transaction('rw', syncTables(db), async () => {
    const links = [...(await linksBy(db, 'court_id', mergedId)), ...(await linksBy(db, 'court_id', keptId))];
    const plan = planCourtMerge({ mergedId, keptId, caseFiles: await caseFilesInCourt(db, mergedId), links });
    await putLocal(db, 'courts', mergedId, { merged_into: keptId });
    for (const id of plan.caseFileIds) await putLocal(db, 'petitions', id, { court_id: keptId });
    for (const case_category_id of plan.linkCategoryIds)
      await putLocal(db, 'case_category_courts', v7(), { case_category_id, court_id: keptId });
    await deleteLocal(db, 'courts', mergedId);
    return plan.caseFileIds.length;
  });
}

export const deleteCaseCategoryLocal = async (db: LocalDb, categoryId: string): Promise<void> => {
  await deleteLocal(db, 'case_categories', categoryId);
};

export type TCaseCategorySave = {
  /** null creates a new case category. */
  id: string | null;
  /** The fields to write (on an edit, only those the user changed). */
  values: { title?: string; abbreviation?: string | null };
  /** The row's field versions when the form opened (see putLocal). */
  seen?: Record<string, number> | undefined;
  courtIds: readonly string[];
};

/** Saves a case category and makes its court links match `courtIds`; answers its id. */
export async function saveCaseCategoryLocal(db: LocalDb, save: TCaseCategorySave): Promise<string> {
  const id = save.id ?? v7();
  await db.transaction('rw', syncTables(db), async () => {
    if (!save.id || Object.keys(save.values).length)
      await putLocal(db, 'case_categories', id, save.values, save.seen ? { seen: save.seen } : {});
    const changes = linkChanges(save.id ? await linksBy(db, 'case_category_id', id) : [], save.courtIds);
    for (const linkId of changes.removeLinkIds) await deleteLocal(db, 'case_category_courts', linkId);
    for (const court_id of changes.addCourtIds)
      await putLocal(db, 'case_category_courts', v7(), { case_category_id: id, court_id });
  });
  return id;
}
