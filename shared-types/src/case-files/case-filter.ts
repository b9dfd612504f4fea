/**
 * The case list's filters, declared once: what each filter of the list (part 1 §3 "Case list filters",
 * rest-contract 11, and the calendar's case search) matches and how. The device applies the declaration as a
 * JS predicate (`caseFilterPredicate`, below) and the server as SQL (sync-server's case-filter.sql.ts), so the
 * two cannot drift apart; a property test runs both over the same random cases.
 *
 * Text is compared after `foldCase`: ASCII letters folded to lower case, every other character as typed. That is
 * the one fold SQLite's lower(), PostgreSQL's lower(… collate "C") and JS agree on whatever the server's locale;
 * the firm's text is English and Urdu, which has no case, so nothing a user types in either is missed.
 */

/** The case file's columns a filter reads (their stored shape: flags as booleans on the device, 0/1 in SQL). */
export type TCaseFilterRow = {
  id: string;
  case_no: string;
  year?: number | null | undefined;
  title: string;
  court_id?: string | null | undefined;
  pending_tag?: string | null | undefined;
  is_moot_case?: boolean | number | null | undefined;
  archived?: boolean | number | null | undefined;
};
/** A party of a case file, petitioner or opponent; a deleted one (tombstone) names nothing. */
export type TCaseFilterParty = { petition_id: string; name: string; deleted_at?: string | null };

export type TCaseTextColumn = 'case_no' | 'title' | 'pending_tag';

/** How one filter matches, given the value the user chose. */
export type TCaseMatch =
  /** The column contains the text, ignoring ASCII case; %, _ and \ are themselves. */
  | { op: 'contains'; column: TCaseTextColumn }
  /** A live party of the case file, on either side, has a name that contains the text (as `contains`). */
  | { op: 'partyContains' }
  /** The column equals the value exactly. */
  | { op: 'equals'; column: 'year' | 'court_id' }
  /** When the value is true, only case files with the flag set; false asks nothing ("… only" checkboxes). */
  | { op: 'only'; column: 'is_moot_case' }
  /** When the value is true, only case files whose column is neither null nor blank (only `BLANK` characters). */
  | { op: 'present'; column: 'pending_tag' }
  /** The flag equals the value, absent meaning false: the list is either the active or the archived cases. */
  | { op: 'is'; column: 'archived' }
  /** "122109/2026": the case number contains the part before the last slash and the year is the one after. */
  | { op: 'caseNoSlashYear' }
  /** Any of these matches the same value. */
  | { op: 'any'; of: readonly TCaseMatch[] };

/** The filter values, named as the original client sends them (rest-contract 11); absent or blank means any. */
export type TCaseFilter = {
  case_no?: string | undefined;
  year?: number | undefined;
  court_id?: string | undefined;
  petitioner_name?: string | undefined;
  /** Text the pending tag contains. */
  pendingTag?: string | undefined;
  /** Only case files that carry a pending tag. */
  pending_tag?: boolean | undefined;
  is_moot_case?: boolean | undefined;
  archived?: boolean | undefined;
  /** The calendar's "Find by Case No": within the number, the title, a party's name, or "number/year". */
  query_from_calendar_page?: string | undefined;
};

const contains = (column: TCaseTextColumn) => ({ op: 'contains', column }) as const;

/** Every filter of the case list, and what it matches. */
export const CASE_FILTER = {
  case_no: contains('case_no'),
  year: { op: 'equals', column: 'year' },
  court_id: { op: 'equals', column: 'court_id' },
  petitioner_name: { op: 'partyContains' },
  pendingTag: contains('pending_tag'),
  pending_tag: { op: 'present', column: 'pending_tag' },
  is_moot_case: { op: 'only', column: 'is_moot_case' },
  archived: { op: 'is', column: 'archived' },
  query_from_calendar_page: {
    op: 'any',
    of: [contains('case_no'), contains('title'), { op: 'partyContains' }, { op: 'caseNoSlashYear' }],
  },
} as const satisfies { [K in keyof TCaseFilter]-?: TCaseMatch };

/** What a blank pending tag may hold: a tag of spaces is no tag. SQL trims the same set (trim(x, set)). */
export const BLANK = ' \t\n\r';
const isBlank = (s: string | null | undefined): boolean => !s || [...s].every((c) => BLANK.includes(c));

export type TFilterValue = string | number | boolean;

/**
 * The filters that ask something, with their values: text trimmed and non-empty, flags true (the archived one
 * always, as false picks the active list). Both sides apply exactly this list, in this order.
 */
export function activeCaseFilters(f: TCaseFilter): { match: TCaseMatch; value: TFilterValue }[] {
  const out: { match: TCaseMatch; value: TFilterValue }[] = [];
  for (const key of Object.keys(CASE_FILTER) as (keyof TCaseFilter)[]) {
    const match: TCaseMatch = CASE_FILTER[key];
    const raw = f[key];
    if (match.op === 'is') out.push({ match, value: raw === true });
    else if (typeof raw === 'string') {
      const text = raw.trim();
      if (text) out.push({ match, value: text });
    } else if (typeof raw === 'number' || raw === true) out.push({ match, value: raw });
  }
  return out;
}

/** ASCII letters to lower case, nothing else: the fold SQL applies too (see the file's comment). */
export const foldCase = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** "122109/2026" or "122109 / 2026": the case number and the year, when the text ends in a year after a slash. */
export function caseNoAndYear(text: string): { no: string; year: number } | null {
  const slash = text.lastIndexOf('/');
  const no = text.slice(0, slash).trim();
  const year = text.slice(slash + 1).trim();
  return slash > 0 && no && /^\d{4}$/.test(year) ? { no, year: Number(year) } : null;
}

/** Folded names of each case file's live parties, built once for a whole list (not a scan of parties per case). */
function partyNamesByCase(parties: readonly TCaseFilterParty[]): Map<string, string[]> {
  const byCase = new Map<string, string[]>();
  for (const p of parties) {
    if (p.deleted_at) continue;
    let names = byCase.get(p.petition_id);
    if (!names) byCase.set(p.petition_id, (names = []));
    names.push(foldCase(p.name));
  }
  return byCase;
}

const usesParties = (m: TCaseMatch): boolean =>
  m.op === 'partyContains' || (m.op === 'any' && m.of.some(usesParties));

/**
 * The declaration as a JS predicate over case files, with `parties` the parties of (at least) those case files.
 * Linear in cases plus parties, so the device runs it over its whole database at every search.
 */
export function caseFilterPredicate(
  f: TCaseFilter,
  parties: readonly TCaseFilterParty[],
): (row: TCaseFilterRow) => boolean {
  const active = activeCaseFilters(f);
  const names = active.some((a) => usesParties(a.match)) ? partyNamesByCase(parties) : null;
  const test = (m: TCaseMatch, v: TFilterValue, row: TCaseFilterRow): boolean => {
    switch (m.op) {
      case 'contains':
        return foldCase(row[m.column] ?? '').includes(foldCase(String(v)));
      case 'partyContains': {
        const text = foldCase(String(v));
        return (names?.get(row.id) ?? []).some((n) => n.includes(text));
      }
      case 'equals': {
        const cell = row[m.column];
        return cell != null && (m.column === 'year' ? Number(cell) === v : cell === v);
      }
      case 'only':
        return v !== true || !!Number(row[m.column]);
      case 'present':
        return v !== true || !isBlank(row[m.column]);
      case 'is':
        return !!Number(row[m.column]) === v;
      case 'caseNoSlashYear': {
        const noYear = caseNoAndYear(String(v));
        return (
          !!noYear &&
          row.year != null &&
          Number(row.year) === noYear.year &&
          foldCase(row.case_no).includes(foldCase(noYear.no))
        );
      }
      case 'any':
        return m.of.some((sub) => test(sub, v, row));
    }
  };
  return (row) => active.every((a) => test(a.match, a.value, row));
}
