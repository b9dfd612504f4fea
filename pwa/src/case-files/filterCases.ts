import { caseFilterPredicate, type TCaseFilter } from '@lawfirm/shared-types/case-files/case-filter.ts';
import type { TPartyRow, TPetitionRow } from './caseFiles.types.ts';

/** The Case Files search form (part 1 §3 "Case list filters"), as the list applies it. */
export type TCaseFilters = {
  caseNo: string;
  year: string;
  /** '' = All courts. */
  courtId: string;
  partyName: string;
  pendingTag: string;
  pendingOnly: boolean;
  mootOnly: boolean;
  /** Which list is shown: the active cases (false) or the archived ones (true). */
  archived: boolean;
};

export const NO_FILTERS: TCaseFilters = {
  caseNo: '',
  year: '',
  courtId: '',
  partyName: '',
  pendingTag: '',
  pendingOnly: false,
  mootOnly: false,
  archived: false,
};

/**
 * The search form's values as the shared case filter (named as the original client sends them), which the
 * server applies to the same declaration in SQL. A year that is not a number matches no case.
 */
export function toCaseFilter(f: TCaseFilters): TCaseFilter {
  const year = f.year.trim();
  return {
    case_no: f.caseNo,
    year: year ? Number(year) : undefined,
    court_id: f.courtId || undefined,
    petitioner_name: f.partyName,
    pendingTag: f.pendingTag,
    pending_tag: f.pendingOnly,
    is_moot_case: f.mootOnly,
    archived: f.archived,
  };
}

/**
 * Newest first, as the original list: the server's creation stamp, with cases made on this device and not
 * synced yet (no stamp) on top; ties (and equal stamps) by id, which is a time-ordered UUIDv7.
 */
function newestFirst(a: TPetitionRow, b: TPetitionRow): number {
  const ca = a.created_at ?? '~';
  const cb = b.created_at ?? '~';
  if (ca !== cb) return ca < cb ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The cases the list shows for these filters, newest first. Linear in cases plus parties (and a sort), so
 * it runs on the whole local database at every search. What each filter matches is declared once in
 * shared-types (case-filter.ts); the server's list applies the same declaration.
 */
export function filterCases(
  cases: readonly TPetitionRow[],
  parties: readonly TPartyRow[],
  f: TCaseFilters,
): TPetitionRow[] {
  return cases.filter(caseFilterPredicate(toCaseFilter(f), parties)).sort(newestFirst);
}

/** The filters and page live in the address, so Back from a case returns to the same search and page. */
export function filtersFromParams(params: URLSearchParams): { filters: TCaseFilters; page: number } {
  const page = Number(params.get('page'));
  return {
    filters: {
      caseNo: params.get('case_no') ?? '',
      year: params.get('year') ?? '',
      courtId: params.get('court_id') ?? '',
      partyName: params.get('party_name') ?? '',
      pendingTag: params.get('pending_tag') ?? '',
      pendingOnly: params.get('pending') === '1',
      mootOnly: params.get('moot') === '1',
      archived: params.get('archived') === '1',
    },
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function filtersToParams(f: TCaseFilters, page = 1): URLSearchParams {
  const p = new URLSearchParams();
  const text: [string, string][] = [
    ['case_no', f.caseNo.trim()],
    ['year', f.year.trim()],
    ['court_id', f.courtId],
    ['party_name', f.partyName.trim()],
    ['pending_tag', f.pendingTag.trim()],
  ];
  for (const [k, v] of text) if (v) p.set(k, v);
  if (f.pendingOnly) p.set('pending', '1');
  if (f.mootOnly) p.set('moot', '1');
  if (f.archived) p.set('archived', '1');
  if (page > 1) p.set('page', String(page));
  return p;
}

/** How many search filters are set (the folded filter button shows it); the archived toggle is not one. */
export function activeFilterCount(f: TCaseFilters): number {
  const set = [f.caseNo, f.year, f.courtId, f.partyName, f.pendingTag].filter((v) => v.trim() !== '').length;
  return set + Number(f.pendingOnly) + Number(f.mootOnly);
}

/** The list's order: newest first (the original list), or by next hearing when the user asks. */
export type TCaseOrder = 'newest' | 'hearing';
export const orderFromParams = (params: URLSearchParams): TCaseOrder =>
  params.get('order') === 'hearing' ? 'hearing' : 'newest';

/**
 * Cases with a next hearing first, soonest first; then those without, in their given (newest first) order.
 * `next` maps a case id to the ISO day of its next hearing. Stable, so equal days keep the given order.
 */
export function byNextHearing<T extends { id: string }>(
  cases: readonly T[],
  next: ReadonlyMap<string, string>,
): T[] {
  return cases
    .map((c, i) => ({ c, i, day: next.get(c.id) ?? null }))
    .sort((a, b) =>
      a.day === b.day ? a.i - b.i : a.day === null ? 1 : b.day === null ? -1 : a.day < b.day ? -1 : 1,
    )
    .map((x) => x.c);
}

export const PAGE_SIZE = 20;

/** One page of a filtered list and the spec's 'Showing from X to Y of Z' numbers. */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE) {
  const total = rows.length;
  const last_page = Math.max(1, Math.ceil(total / size));
  const current_page = Math.min(Math.max(1, page), last_page);
  const start = (current_page - 1) * size;
  const data = rows.slice(start, start + size);
  return {
    data,
    total,
    current_page,
    last_page,
    from: data.length ? start + 1 : null,
    to: data.length ? start + data.length : null,
  };
}
