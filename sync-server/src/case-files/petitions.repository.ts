import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import {
  formatDate,
  ROLE_LABELS,
  roleNameById,
  usersDecl,
  visibleRow,
  type TActor,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import type { Database, PetitionTable } from '../db/schema.ts';
import { containsText, oneOf } from '../db/query-helpers.ts';
import { readablePetitions } from './access.ts';
import { caseFilterWhere } from './case-filter.sql.ts';
import { activeCaseFilters } from '@lawfirm/shared-types/case-files/case-filter.ts';
import { dbKindOf } from '../db/connect.ts';
import type { TApiLawyer, TApiParty, TApiPetition } from './case-files.types.ts';
import { compareNatural } from '@lawfirm/shared-types/common/natural-order.ts';
import {
  caseNameOf,
  caseTitle,
  caseTitleWithPetitioners,
  caseTypeOf,
} from '@lawfirm/shared-types/case-files/case-title.ts';
import type { TCaseFilter } from '@lawfirm/shared-types/case-files/case-filter.ts';

export type PetitionRow = Selectable<PetitionTable>;

/** The case list's filters (rest-contract 11) as the query schema leaves them; absent means "any". */
export type PetitionFilters = TCaseFilter;

/** Laravel's default page size, as the original case list reads it from per_page. */
export const PETITIONS_PER_PAGE = 20;

/**
 * The firm's live case files the actor may read, matching the list filters (rest-contract 11), newest first:
 * one page of them with the total, or every one (`page: null`, the calendar's force_all_records). The rows
 * carry what the answer adds (court, category, list counts) and the page carries the total, all in one query.
 */
export async function listPetitions(
  db: Db,
  actor: TActor,
  f: PetitionFilters,
  page: number | null,
): Promise<{ rows: ListedPetition[]; total: number }> {
  const access = await readablePetitions(db, actor);
  let q = forFirm(db, actor.company_id).live('petitions');
  if (access !== 'all') {
    const ids = [...access];
    if (!ids.length) return { rows: [], total: 0 };
    q = q.where(oneOf(db, 'petitions.id', ids));
  }
  // Every filter, the calendar's search included, from the one declaration the device applies too.
  q = q.where(caseFilterWhere(dbKindOf(db), f));
  const rowsQ = withAnswerExtras(q).orderBy('petitions.created_at', 'desc').orderBy('petitions.id', 'desc');
  if (page === null) {
    const rows = await rowsQ.execute();
    return { rows, total: rows.length };
  }
  // The page's ids first, from the list's index alone, and the joins and counts of the answer for those 20 only:
  // with the offset on the whole query, page 500 of a firm of 30,000 case files worked out the answer's extras
  // of the 9,980 rows it skipped (153 ms on PostgreSQL; issue 33). The total rides along: for a list narrowed by
  // a filter, counted in the same pass as the page (a window over every match, before the page is cut), since
  // as a query of its own it ran the filter twice (a court and a party's name: 56 ms, then 9); for the whole
  // list, as a scalar subquery, which reads the firm's case files straight (a window over all of them in the
  // list's order read each one through the index: 11 ms, then 18). Only a page past the end, which has no row
  // to carry it, asks for it on its own.
  const count = q.select((eb) => eb.fn.countAll<number | string>().as('n'));
  const narrowed = access !== 'all' || activeCaseFilters(f).some((a) => a.match.op !== 'is');
  const pageIds = q
    .select((eb) => [
      'petitions.id',
      narrowed ? eb.fn.countAll<number | string>().over().as('total') : count.as('total'),
    ])
    .orderBy('petitions.created_at', 'desc')
    .orderBy('petitions.id', 'desc')
    .limit(PETITIONS_PER_PAGE)
    .offset((page - 1) * PETITIONS_PER_PAGE);
  const rows = await withAnswerExtras(forFirm(db, actor.company_id).live('petitions'))
    .innerJoin(pageIds.as('page'), 'page.id', 'petitions.id')
    .select('page.total')
    .orderBy('petitions.created_at', 'desc')
    .orderBy('petitions.id', 'desc')
    .execute();
  const total = rows.length ? rows[0]!.total : (await count.executeTakeFirst())?.n;
  return { rows: rows.map(({ total: _, ...r }) => r), total: Number(total ?? 0) };
}

/** Live case files of the firm the actor may read that carry a pending tag (the Pending Cases dialog). */
export async function listPendingCases(db: Db, actor: TActor): Promise<ListedPetition[]> {
  const { rows } = await listPetitions(db, actor, { pending_tag: true }, null);
  // Library numbers are usually numeric: 2 before 10.
  return rows.sort((a, b) => compareNatural(a.pending_tag ?? '', b.pending_tag ?? ''));
}

/** How many live case files of the firm name this lawyer, among those the actor may read. */
export async function countLawyerPetitions(db: Db, actor: TActor, lawyerId: string): Promise<number> {
  const access = await readablePetitions(db, actor);
  let q = forFirm(db, actor.company_id)
    .live('petitions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    // lawyer_ids is a JSON list of ids as text; an id is matched with its quotes, so no id matches inside another.
    .where(containsText('lawyer_ids', `"${lawyerId}"`));
  if (access !== 'all') {
    if (!access.size) return 0;
    q = q.where(oneOf(db, 'id', [...access]));
  }
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** A case file as every documented call answers it (its schema: case-files.types.ts). */
export type ApiPetition = TApiPetition;

/**
 * What the API answer of a case file adds to its row besides parties and lawyers: its court and category (a
 * deleted one still names the case files that chose it) and how many live index items, order sheets and reply
 * headings it has. Selected with the row, as columns of the same query.
 */
export type PetitionExtras = {
  court_found_id: string | null;
  court_title: string | null;
  type_found_id: string | null;
  type_title: string | null;
  type_abbreviation: string | null;
  index_total: number | string;
  order_sheet_total: number | string;
  petition_reply_parent_total: number | string;
};
/**
 * The columns of a case file its answer is made from: not the sync bookkeeping (field versions and writers,
 * the largest columns of the row), which lists would otherwise read, decode and drop for every row.
 */
const API_PETITION_COLUMNS = [
  'id',
  'case_no',
  'year',
  'title',
  'archived',
  'is_moot_case',
  'court_id',
  'petition_type_id',
  'institution_date',
  'pending_tag',
  'lawyer_ids',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof PetitionRow)[];

/** A case file's answer columns with its answer's extras. */
export type ListedPetition = Pick<PetitionRow, (typeof API_PETITION_COLUMNS)[number]> & PetitionExtras;

type PetitionsQuery = SelectQueryBuilder<Database, 'petitions', object>;

/** Live rows of one of the case file's lists, counted per case file of the outer query (their firm index). */
const liveCount = (table: 'petition_index' | 'order_sheets' | 'reply_parents') =>
  sql<number | string>`(select count(*) from ${sql.table(table)} as c
    where c.company_id = ${sql.ref('petitions.company_id')} and c.petition_id = ${sql.ref('petitions.id')}
    and c.deleted_at is null)`;

/** The firm's case files of `q` with the answer's columns and extras. */
export const withAnswerExtras = (q: PetitionsQuery) =>
  q
    .leftJoin('courts', (j) =>
      j.onRef('courts.id', '=', 'petitions.court_id').onRef('courts.company_id', '=', 'petitions.company_id'),
    )
    .leftJoin('case_categories', (j) =>
      j
        .onRef('case_categories.id', '=', 'petitions.petition_type_id')
        .onRef('case_categories.company_id', '=', 'petitions.company_id'),
    )
    .select(API_PETITION_COLUMNS.map((c) => `petitions.${c}` as const))
    .select([
      'courts.id as court_found_id',
      'courts.title as court_title',
      'case_categories.id as type_found_id',
      'case_categories.title as type_title',
      'case_categories.abbreviation as type_abbreviation',
      liveCount('petition_index').as('index_total'),
      liveCount('order_sheets').as('order_sheet_total'),
      liveCount('reply_parents').as('petition_reply_parent_total'),
    ]);

/** What the lawyer profile dialog shows of a case file's lawyer (part 1 §2 and §3). */
const LAWYER_PROFILE_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'cnic',
  'address',
  'city',
  'province',
  'company_name',
  'role_id',
  'avatar_file_name',
] as const;
type LawyerRow = Pick<Selectable<Database['users']>, (typeof LAWYER_PROFILE_COLUMNS)[number]>;

/**
 * A lawyer as the case file's answer names them, with their profile: the CNIC and address only to those the
 * users declaration shows them to (admins and the lawyer), as every other answer and device.
 */
function lawyerProfile(actor: TActor, row: LawyerRow): TApiLawyer {
  const u = visibleRow(usersDecl, actor, row);
  const role = roleNameById(u.role_id);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    cnic: u.cnic ?? null,
    address: u.address ?? null,
    city: u.city,
    province: u.province,
    company_name: u.company_name,
    roles: role && u.role_id ? [{ id: u.role_id, name: ROLE_LABELS[role] }] : [],
    attachment: u.avatar_file_name ? { file_name: u.avatar_file_name } : null,
  };
}

const lawyerIdsOf = (p: Pick<PetitionRow, 'lawyer_ids'>): string[] => {
  try {
    const v: unknown = JSON.parse(p.lawyer_ids || '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Case files as every documented call answers them: the stored row in the API's shapes (dd/mm/yyyy dates,
 * booleans, `type_abrivation`, `lawyer_ids_array`), with court, category and list counts read with the rows
 * (withAnswerExtras), and parties and lawyers loaded for all rows at once rather than per row.
 */
export async function toApiPetitions(
  db: Db,
  actor: TActor,
  rows: readonly ListedPetition[],
  pdfUrlOf: (petitionId: string) => string,
): Promise<ApiPetition[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const lawyerIdsByRow = rows.map(lawyerIdsOf);
  const lawyerIds = [...new Set(lawyerIdsByRow.flat())];
  const firm = forFirm(db, actor.company_id);
  const [lawyers, parties] = await Promise.all([
    lawyerIds.length
      ? firm
          .live('users')
          .select(LAWYER_PROFILE_COLUMNS)
          .where(oneOf(db, 'id', lawyerIds))
          .execute()
      : [],
    firm
      .live('petition_parties')
      .select(['id', 'petition_id', 'side', 'name', 'user_id', 'display_order'])
      .where(oneOf(db, 'petition_id', ids))
      .orderBy('display_order')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const lawyerById = new Map(lawyers.map((u) => [u.id, lawyerProfile(actor, u)]));
  const partiesOf = new Map<string, TApiParty[]>();
  for (const p of parties) {
    const party: TApiParty = {
      ...p,
      side: p.side === 'opponent' ? 'opponent' : 'petitioner',
      display_order: Number(p.display_order),
      user: { id: p.user_id, name: p.name },
    };
    let list = partiesOf.get(p.petition_id);
    if (!list) partiesOf.set(p.petition_id, (list = []));
    list.push(party);
  }

  return rows.map((r, i) => {
    const type =
      r.petition_type_id && r.type_found_id !== null
        ? { id: r.type_found_id, title: r.type_title ?? '', abbreviation: r.type_abbreviation }
        : undefined;
    const court =
      r.court_id && r.court_found_id !== null
        ? { id: r.court_found_id, title: r.court_title ?? '' }
        : undefined;
    const all = partiesOf.get(r.id) ?? [];
    const petitioners = all.filter((p) => p.side === 'petitioner');
    const opponents = all.filter((p) => p.side === 'opponent');
    const abbr = type?.abbreviation?.trim() ?? '';
    const petitionerNames = petitioners.map((p) => p.name).join(', ');
    const name = caseNameOf(r, caseTypeOf(type));
    const lawyerIdList = lawyerIdsByRow[i]!;
    return {
      id: r.id,
      case_no: r.case_no,
      year: r.year === null ? null : Number(r.year),
      title: r.title,
      archived: Number(r.archived) === 1,
      is_moot_case: Number(r.is_moot_case) === 1,
      court_id: r.court_id,
      petition_type_id: r.petition_type_id,
      court: court ? { id: court.id, title: court.title } : null,
      type: type ? { id: type.id, title: type.title, abbreviation: type.abbreviation } : null,
      type_abrivation: abbr,
      institution_date: formatDate(r.institution_date) || null,
      pending_tag: r.pending_tag,
      petitioner_names: petitionerNames,
      opponent_names: opponents.map((p) => p.name).join(', '),
      petition_standard_title: caseTitle(name),
      petition_standard_title_with_petitioner: caseTitleWithPetitioners(name, petitionerNames),
      pdf_download_url: pdfUrlOf(r.id),
      index_total: Number(r.index_total),
      order_sheet_total: Number(r.order_sheet_total),
      petition_reply_parent_total: Number(r.petition_reply_parent_total),
      lawyer_ids_array: lawyerIdList,
      lawyers: lawyerIdList
        .map((id) => lawyerById.get(id))
        .filter((u) => !!u)
        .map((u) => ({ id: u.id, user: u })),
      petitioners,
      opponents,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}
