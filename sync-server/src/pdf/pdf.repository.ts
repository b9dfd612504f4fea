import {
  lawyerIdsOf,
  toCaseHeader,
  toDocumentEntry,
  toIndexEntries,
  toOrderSheetRows,
  toPendingCaseRows,
  type TPdfCaseHeader,
  type TPdfDocumentEntry,
  type TOrderSheetRow,
  type TPendingCaseRow,
} from '@lawfirm/shared-types/pdf/index.ts';
import type { TActor } from '@lawfirm/shared-types';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { PetitionTable } from '../db/schema.ts';
import { readablePetitions } from '../case-files/access.ts';
import { todayInPakistan } from '../case-files/hearing.routes.ts';

/**
 * The rows a PDF prints, read with Kysely for one firm. Each function returns what the shared builders take;
 * turning rows into that shape is shared with the PWA (shared-types/src/pdf/case-data.ts).
 */
type PetitionRow = Selectable<PetitionTable>;

export const findPetition = (db: Db, companyId: string, id: string) =>
  db
    .selectFrom('petitions')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

const findNamed = (db: Db, table: 'courts' | 'case_categories', companyId: string, id: string | null) =>
  id
    ? db
        .selectFrom(table)
        .selectAll()
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .executeTakeFirst()
    : Promise.resolve(undefined);

export async function caseHeaderOf(db: Db, p: PetitionRow): Promise<TPdfCaseHeader> {
  const [parties, court, category, sheets] = await Promise.all([
    db
      .selectFrom('petition_parties')
      .select(['side', 'name', 'display_order', 'created_at', 'deleted_at'])
      .where('company_id', '=', p.company_id)
      .where('petition_id', '=', p.id)
      .where('deleted_at', 'is', null)
      .execute(),
    findNamed(db, 'courts', p.company_id, p.court_id),
    findNamed(db, 'case_categories', p.company_id, p.petition_type_id),
    db
      .selectFrom('order_sheets')
      .select(['order_sheet_date', 'deleted_at'])
      .where('company_id', '=', p.company_id)
      .where('petition_id', '=', p.id)
      .where('deleted_at', 'is', null)
      .execute(),
  ]);
  const ids = lawyerIdsOf(p);
  const users = ids.length
    ? await db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('company_id', '=', p.company_id)
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute()
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  return toCaseHeader({
    petition: p,
    parties,
    court,
    category,
    lawyers: ids.map((id) => names.get(id)).filter((n): n is string => !!n),
    orderSheets: sheets,
    today: todayInPakistan(),
  });
}

const attachmentsOf = (db: Db, companyId: string, ownerType: string, ownerIds: string[]) =>
  ownerIds.length
    ? db
        .selectFrom('attachments')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('owner_type', '=', ownerType)
        .where('owner_id', 'in', ownerIds)
        .where('deleted_at', 'is', null)
        .execute()
    : Promise.resolve([]);

export async function indexEntriesOf(db: Db, p: PetitionRow): Promise<TPdfDocumentEntry[]> {
  const items = await db
    .selectFrom('petition_index')
    .selectAll()
    .where('company_id', '=', p.company_id)
    .where('petition_id', '=', p.id)
    .where('deleted_at', 'is', null)
    .execute();
  const attachments = await attachmentsOf(
    db,
    p.company_id,
    'PetitionIndex',
    items.map((i) => i.id),
  );
  return toIndexEntries(items, attachments);
}

export type TDocumentModel = 'PetitionIndex' | 'PetitionReply';

/** One index item or reply of the firm, with the case file it belongs to; undefined when there is none. */
export async function documentOf(
  db: Db,
  companyId: string,
  model: TDocumentModel,
  id: string,
): Promise<{ petitionId: string; entry: TPdfDocumentEntry } | undefined> {
  const row = await db
    .selectFrom(model === 'PetitionIndex' ? 'petition_index' : 'replies')
    .select(['id', 'petition_id', 'document_description', 'date', 'annexure', 'page_info', 'deleted_at'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const attachments = await attachmentsOf(db, companyId, model, [row.id]);
  return { petitionId: row.petition_id, entry: toDocumentEntry(row, attachments, model) };
}

export async function orderSheetsOf(db: Db, p: PetitionRow): Promise<TOrderSheetRow[]> {
  const [sheets, types] = await Promise.all([
    db
      .selectFrom('order_sheets')
      .select(['order_sheet_date', 'order_sheet_type_id', 'deleted_at'])
      .where('company_id', '=', p.company_id)
      .where('petition_id', '=', p.id)
      .where('deleted_at', 'is', null)
      .execute(),
    db.selectFrom('module_types').select(['id', 'title']).where('company_id', '=', p.company_id).execute(),
  ]);
  return toOrderSheetRows(sheets, types);
}

/** The firm's pending cases that this actor may read (a student sees moot cases, a client their own). */
export async function pendingCasesOf(db: Db, actor: TActor): Promise<TPendingCaseRow[]> {
  const [petitions, courts, categories, access] = await Promise.all([
    db
      .selectFrom('petitions')
      .selectAll()
      .where('company_id', '=', actor.company_id)
      .where('deleted_at', 'is', null)
      .where('pending_tag', 'is not', null)
      .where('archived', '=', 0)
      .execute(),
    db.selectFrom('courts').select(['id', 'title']).where('company_id', '=', actor.company_id).execute(),
    db
      .selectFrom('case_categories')
      .select(['id', 'title', 'abbreviation'])
      .where('company_id', '=', actor.company_id)
      .execute(),
    readablePetitions(db, actor),
  ]);
  const readable = access === 'all' ? petitions : petitions.filter((p) => access.has(p.id));
  return toPendingCaseRows(readable, courts, categories);
}

export async function siteNameOf(db: Db, companyId: string): Promise<string | null> {
  const s = await db
    .selectFrom('settings')
    .select('site_name')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return s?.site_name ?? null;
}
