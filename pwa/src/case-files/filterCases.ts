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

const norm = (s: string | null | undefined): string => (s ?? '').trim().toLowerCase();

/**
 * Every party name of each case, lower-cased and joined, built in one pass over the parties: the party
 * filter then costs one substring test per case instead of a scan of all parties per case (20,000 cases
 * times 40,000 parties would freeze a phone).
 */
function partyNamesByCase(parties: readonly TPartyRow[]): Map<string, string> {
  const byCase = new Map<string, string>();
  for (const p of parties) {
    const prev = byCase.get(p.petition_id);
    const name = norm(p.name);
    // A newline cannot be typed into the search field, so a match never spans two names.
    byCase.set(p.petition_id, prev === undefined ? name : `${prev}\n${name}`);
  }
  return byCase;
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
 * it runs on the whole local database at every search. Text filters match anywhere, ignoring case; the year
 * and the court match exactly.
 */
export function filterCases(
  cases: readonly TPetitionRow[],
  parties: readonly TPartyRow[],
  f: TCaseFilters,
): TPetitionRow[] {
  const caseNo = norm(f.caseNo);
  const year = f.year.trim();
  const party = norm(f.partyName);
  const tag = norm(f.pendingTag);
  const names = party ? partyNamesByCase(parties) : null;
  const out = cases.filter((c) => {
    if (!!c.archived !== f.archived) return false;
    if (caseNo && !norm(c.case_no).includes(caseNo)) return false;
    if (year && String(c.year ?? '') !== year) return false;
    if (f.courtId && c.court_id !== f.courtId) return false;
    if (f.mootOnly && !c.is_moot_case) return false;
    const caseTag = norm(c.pending_tag);
    if (f.pendingOnly && !caseTag) return false;
    if (tag && !caseTag.includes(tag)) return false;
    if (names && !(names.get(c.id) ?? '').includes(party)) return false;
    return true;
  });
  return out.sort(newestFirst);
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
