import {
  lawyerIdsOf,
  toCaseHeader,
  toIndexEntries,
  toOrderSheetRows,
  toPendingCaseRows,
  type TPdfCaseHeader,
  type TPdfDocumentEntry,
  type TOrderSheetRow,
  type TPendingCaseRow,
} from '@lawfirm/shared-types/pdf/index.ts';
import { todayInPakistan, type TActor } from '@lawfirm/shared-types';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import { forFirm, type Firm } from '../sync/firm.ts';
import type { PetitionTable } from '../db/schema.ts';
import { readablePetitions } from '../case-files/access.ts';
import { findSettings } from '../settings/settings.repository.ts';

/**
 * The rows a PDF prints, read with Kysely for one firm. Each function returns what the shared builders take;
 * turning rows into that shape is shared with the PWA (shared-types/src/pdf/case-data.ts).
 */
type PetitionRow = Selectable<PetitionTable>;

export const findPetition = (db: Db, companyId: string, id: string) =>
  forFirm(db, companyId).find('petitions', id);

/** A court or category by id, deleted or not: a case file keeps printing the name it was filed under. */
const findNamed = (firm: Firm, table: 'courts' | 'case_categories', id: string | null) =>
  id
    ? firm.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()
    : Promise.resolve(undefined);

export async function caseHeaderOf(db: Db, p: PetitionRow): Promise<TPdfCaseHeader> {
  const firm = forFirm(db, p.company_id);
  const [parties, court, category, sheets] = await Promise.all([
    firm
      .live('petition_parties')
      .select(['side', 'name', 'display_order', 'created_at', 'deleted_at'])
      .where('petition_id', '=', p.id)
      .execute(),
    findNamed(firm, 'courts', p.court_id),
    findNamed(firm, 'case_categories', p.petition_type_id),
    firm
      .live('order_sheets')
      .select(['order_sheet_date', 'deleted_at'])
      .where('petition_id', '=', p.id)
      .execute(),
  ]);
  const ids = lawyerIdsOf(p);
  const users = ids.length
    ? await firm.live('users').select(['id', 'name']).where('id', 'in', ids).execute()
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

const attachmentsOf = (firm: Firm, ownerType: string, ownerIds: string[]) =>
  ownerIds.length
    ? firm
        .live('attachments')
        .selectAll()
        .where('owner_type', '=', ownerType)
        .where('owner_id', 'in', ownerIds)
        .execute()
    : Promise.resolve([]);

export async function indexEntriesOf(db: Db, p: PetitionRow): Promise<TPdfDocumentEntry[]> {
  const firm = forFirm(db, p.company_id);
  const items = await firm.live('petition_index').selectAll().where('petition_id', '=', p.id).execute();
  const attachments = await attachmentsOf(
    firm,
    'PetitionIndex',
    items.map((i) => i.id),
  );
  return toIndexEntries(items, attachments);
}

export async function orderSheetsOf(db: Db, p: PetitionRow): Promise<TOrderSheetRow[]> {
  const firm = forFirm(db, p.company_id);
  const [sheets, types] = await Promise.all([
    firm
      .live('order_sheets')
      .select(['order_sheet_date', 'order_sheet_type_id', 'deleted_at'])
      .where('petition_id', '=', p.id)
      .execute(),
    // Deleted types included: an order sheet keeps the type it was written with.
    firm.selectFrom('module_types').select(['id', 'title']).execute(),
  ]);
  return toOrderSheetRows(sheets, types);
}

/** The firm's pending cases that this actor may read (a student sees moot cases, a client their own). */
export async function pendingCasesOf(db: Db, actor: TActor): Promise<TPendingCaseRow[]> {
  const firm = forFirm(db, actor.company_id);
  const [petitions, courts, categories, access] = await Promise.all([
    firm
      .live('petitions')
      .selectAll()
      .where('pending_tag', 'is not', null)
      .where('archived', '=', 0)
      .execute(),
    firm.selectFrom('courts').select(['id', 'title']).execute(),
    firm.selectFrom('case_categories').select(['id', 'title', 'abbreviation']).execute(),
    readablePetitions(db, actor),
  ]);
  const readable = access === 'all' ? petitions : petitions.filter((p) => access.has(p.id));
  return toPendingCaseRows(readable, courts, categories);
}

export const siteNameOf = async (db: Db, companyId: string): Promise<string | null> =>
  (await findSettings(db, companyId))?.site_name ?? null;
