import type { Selectable } from 'kysely';
import { formatDate, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forFirm, type Firm } from '../db/firm.ts';
import type { PetitionTable } from '../db/schema.ts';
import { containsText } from '../db/query-helpers.ts';
import { readablePetitions } from './access.ts';
import type { TApiParty, TApiPetition } from './case-files.types.ts';

export type PetitionRow = Selectable<PetitionTable>;

/** The case list's filters (rest-contract 11) as the query schema leaves them; absent means "any". */
export type PetitionFilters = {
  case_no?: string;
  year?: number;
  court_id?: string;
  petitioner_name?: string;
  /** Text the pending tag contains. */
  pendingTag?: string;
  /** Only case files that carry a pending tag. */
  pending_tag?: boolean;
  is_moot_case?: boolean;
  archived?: boolean;
};

/** Laravel's default page size, as the original case list reads it from per_page. */
export const PETITIONS_PER_PAGE = 20;

/**
 * The firm's live case files the actor may read, matching the list filters (rest-contract 11), newest first:
 * one page of them with the total, or every one (`page: null`, the calendar's force_all_records).
 */
export async function listPetitions(
  db: Db,
  actor: TActor,
  f: PetitionFilters,
  page: number | null,
): Promise<{ rows: PetitionRow[]; total: number }> {
  const access = await readablePetitions(db, actor);
  let q = forFirm(db, actor.company_id)
    .live('petitions')
    .where('petitions.archived', '=', f.archived ? 1 : 0);
  if (access !== 'all') {
    const ids = [...access];
    if (!ids.length) return { rows: [], total: 0 };
    q = q.where('petitions.id', 'in', ids);
  }
  if (f.case_no) q = q.where(containsText('petitions.case_no', f.case_no));
  if (f.year !== undefined) q = q.where('petitions.year', '=', f.year);
  if (f.court_id) q = q.where('petitions.court_id', '=', f.court_id);
  if (f.pendingTag) q = q.where(containsText('petitions.pending_tag', f.pendingTag));
  if (f.pending_tag)
    q = q.where('petitions.pending_tag', 'is not', null).where('petitions.pending_tag', '<>', '');
  if (f.is_moot_case) q = q.where('petitions.is_moot_case', '=', 1);
  if (f.petitioner_name) {
    const name = f.petitioner_name;
    // Any party of the case, petitioner or opponent, whose name contains the text.
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('petition_parties as pp')
          .select('pp.id')
          .whereRef('pp.petition_id', '=', 'petitions.id')
          .where('pp.deleted_at', 'is', null)
          .where(containsText('pp.name', name)),
      ),
    );
  }
  let rowsQ = q
    .selectAll('petitions')
    .orderBy('petitions.created_at', 'desc')
    .orderBy('petitions.id', 'desc');
  if (page === null) {
    const rows = await rowsQ.execute();
    return { rows, total: rows.length };
  }
  const count = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  rowsQ = rowsQ.limit(PETITIONS_PER_PAGE).offset((page - 1) * PETITIONS_PER_PAGE);
  return { rows: await rowsQ.execute(), total: Number(count?.n ?? 0) };
}

/** Live case files of the firm the actor may read that carry a pending tag (the Pending Cases dialog). */
export async function listPendingCases(db: Db, actor: TActor): Promise<PetitionRow[]> {
  const { rows } = await listPetitions(db, actor, { pending_tag: true }, null);
  // Library numbers are usually numeric: 2 before 10.
  return rows.sort((a, b) =>
    (a.pending_tag ?? '').localeCompare(b.pending_tag ?? '', 'en', { numeric: true, sensitivity: 'base' }),
  );
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
    q = q.where('id', 'in', [...access]);
  }
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** A case file as every documented call answers it (its schema: case-files.types.ts). */
export type ApiPetition = TApiPetition;

async function countsBy(
  firm: Firm,
  table: 'petition_index' | 'order_sheets' | 'reply_parents',
  ids: string[],
): Promise<Map<string, number>> {
  const rows = await firm
    .live(table)
    .select(['petition_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('petition_id', 'in', ids)
    .groupBy('petition_id')
    .execute();
  return new Map(rows.map((r) => [r.petition_id, Number(r.n)]));
}

const lawyerIdsOf = (p: PetitionRow): string[] => {
  try {
    const v: unknown = JSON.parse(p.lawyer_ids || '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Case files as every documented call answers them: the stored row in the API's shapes (dd/mm/yyyy dates,
 * booleans, `type_abrivation`, `lawyer_ids_array`), with court, category, parties, lawyers and list counts
 * loaded for all rows at once rather than per row.
 */
export async function toApiPetitions(
  db: Db,
  companyId: string,
  rows: PetitionRow[],
  pdfUrlOf: (petitionId: string) => string,
): Promise<ApiPetition[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const courtIds = [...new Set(rows.map((r) => r.court_id).filter((v): v is string => !!v))];
  const typeIds = [...new Set(rows.map((r) => r.petition_type_id).filter((v): v is string => !!v))];
  const lawyerIds = [...new Set(rows.flatMap(lawyerIdsOf))];
  const firm = forFirm(db, companyId);
  // A deleted court or category still names the case files that chose it.
  const [courts, types, lawyers, parties, indexes, orderSheets, replyParents] = await Promise.all([
    courtIds.length
      ? firm.selectFrom('courts').select(['id', 'title']).where('id', 'in', courtIds).execute()
      : [],
    typeIds.length
      ? firm
          .selectFrom('case_categories')
          .select(['id', 'title', 'abbreviation'])
          .where('id', 'in', typeIds)
          .execute()
      : [],
    lawyerIds.length ? firm.live('users').select(['id', 'name']).where('id', 'in', lawyerIds).execute() : [],
    firm
      .live('petition_parties')
      .select(['id', 'petition_id', 'side', 'name', 'user_id', 'display_order'])
      .where('petition_id', 'in', ids)
      .orderBy('display_order')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    countsBy(firm, 'petition_index', ids),
    countsBy(firm, 'order_sheets', ids),
    countsBy(firm, 'reply_parents', ids),
  ]);
  const courtById = new Map(courts.map((c) => [c.id, c]));
  const typeById = new Map(types.map((t) => [t.id, t]));
  const lawyerById = new Map(lawyers.map((u) => [u.id, u]));
  const partiesOf = new Map<string, TApiParty[]>();
  for (const p of parties) {
    const party: TApiParty = {
      ...p,
      side: p.side === 'opponent' ? 'opponent' : 'petitioner',
      display_order: Number(p.display_order),
      user: { id: p.user_id, name: p.name },
    };
    partiesOf.set(p.petition_id, [...(partiesOf.get(p.petition_id) ?? []), party]);
  }

  return rows.map((r) => {
    const type = r.petition_type_id ? typeById.get(r.petition_type_id) : undefined;
    const court = r.court_id ? courtById.get(r.court_id) : undefined;
    const all = partiesOf.get(r.id) ?? [];
    const petitioners = all.filter((p) => p.side === 'petitioner');
    const opponents = all.filter((p) => p.side === 'opponent');
    const abbr = type?.abbreviation?.trim() ?? '';
    const petitionerNames = petitioners.map((p) => p.name).join(', ');
    const number = r.year === null ? r.case_no : `${r.case_no}/${r.year}`;
    const standard = [abbr, number, r.title].filter(Boolean).join(' ');
    const lawyerIdList = lawyerIdsOf(r);
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
      petition_standard_title: standard,
      petition_standard_title_with_petitioner: petitionerNames
        ? `${standard} (${petitionerNames})`
        : standard,
      pdf_download_url: pdfUrlOf(r.id),
      index_total: indexes.get(r.id) ?? 0,
      order_sheet_total: orderSheets.get(r.id) ?? 0,
      petition_reply_parent_total: replyParents.get(r.id) ?? 0,
      lawyer_ids_array: lawyerIdList,
      lawyers: lawyerIdList
        .map((id) => lawyerById.get(id))
        .filter((u): u is { id: string; name: string } => !!u)
        .map((u) => ({ id: u.id, user: { id: u.id, name: u.name } })),
      petitioners,
      opponents,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}
