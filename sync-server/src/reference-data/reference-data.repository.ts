import type {
  TCourt,
  TModuleType,
  TPetitionType,
  TStatute,
} from '@lawfirm/shared-types/reference-data/reference-data.schema.ts';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { containsText } from '../db/query-helpers.ts';

export const listCourts = (db: Db, companyId: string): Promise<TCourt[]> =>
  forFirm(db, companyId)
    .live('courts')
    .select(['id', 'title', 'short_title'])
    .orderBy('title')
    .orderBy('id')
    .execute();

export async function listStatutes(db: Db, companyId: string, title?: string): Promise<TStatute[]> {
  let q = forFirm(db, companyId).live('statutes').select(['id', 'title', 'display_order']);
  if (title) q = q.where(containsText('title', title));
  const rows = await q.orderBy('display_order').orderBy('title').execute();
  return rows.map((r) => ({ ...r, display_order: Number(r.display_order) }));
}

export async function listModuleTypes(db: Db, companyId: string, moduleId?: number): Promise<TModuleType[]> {
  let q = forFirm(db, companyId).live('module_types').select(['id', 'module_id', 'title', 'display_order']);
  if (moduleId !== undefined) q = q.where('module_id', '=', moduleId);
  const rows = await q.orderBy('module_id').orderBy('display_order').orderBy('title').execute();
  return rows.map((r) => ({ ...r, module_id: Number(r.module_id), display_order: Number(r.display_order) }));
}

/** Live courts of a case category (a link to a deleted court no longer counts). */
async function courtsOf(db: Db, companyId: string, categoryIds: string[]) {
  if (categoryIds.length === 0) return new Map<string, { id: string; title: string }[]>();
  // The links are the firm's; a link only ever names a court of its own firm (the sync store checks it).
  const rows = await forFirm(db, companyId)
    .live('case_category_courts')
    .innerJoin('courts as c', 'c.id', 'case_category_courts.court_id')
    .select(['case_category_courts.case_category_id', 'c.id', 'c.title'])
    .where('case_category_courts.case_category_id', 'in', categoryIds)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.title')
    .execute();
  const out = new Map<string, { id: string; title: string }[]>();
  for (const r of rows) {
    const list = out.get(r.case_category_id) ?? [];
    if (!list.some((c) => c.id === r.id)) list.push({ id: r.id, title: r.title });
    out.set(r.case_category_id, list);
  }
  return out;
}

export async function listPetitionTypes(
  db: Db,
  companyId: string,
  filters: { courtId?: string; title?: string; id?: string },
): Promise<TPetitionType[]> {
  let q = forFirm(db, companyId).live('case_categories').select(['id', 'title', 'abbreviation']);
  if (filters.id) q = q.where('id', '=', filters.id);
  if (filters.title) q = q.where(containsText('title', filters.title));
  if (filters.courtId) {
    const courtId = filters.courtId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('case_category_courts as l')
          .select('l.id')
          .whereRef('l.case_category_id', '=', 'case_categories.id')
          .where('l.court_id', '=', courtId)
          .where('l.deleted_at', 'is', null),
      ),
    );
  }
  const rows = await q.orderBy('title').orderBy('id').execute();
  const courts = await courtsOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const list = courts.get(r.id) ?? [];
    return {
      ...r,
      court_ids: list.map((c) => c.id),
      petition_type_courts: list.map((court) => ({ court })),
    };
  });
}

export async function findPetitionType(db: Db, companyId: string, id: string) {
  return (await listPetitionTypes(db, companyId, { id }))[0];
}

export const findCourt = (db: Db, companyId: string, id: string): Promise<TCourt | undefined> =>
  forFirm(db, companyId)
    .live('courts')
    .select(['id', 'title', 'short_title'])
    .where('id', '=', id)
    .executeTakeFirst();

export async function findStatute(db: Db, companyId: string, id: string): Promise<TStatute | undefined> {
  const r = await forFirm(db, companyId)
    .live('statutes')
    .select(['id', 'title', 'display_order'])
    .where('id', '=', id)
    .executeTakeFirst();
  return r && { ...r, display_order: Number(r.display_order) };
}

export async function findModuleType(
  db: Db,
  companyId: string,
  id: string,
): Promise<TModuleType | undefined> {
  const r = await forFirm(db, companyId)
    .live('module_types')
    .select(['id', 'module_id', 'title', 'display_order'])
    .where('id', '=', id)
    .executeTakeFirst();
  return r && { ...r, module_id: Number(r.module_id), display_order: Number(r.display_order) };
}
