import { matchFirSections } from '@lawfirm/shared-types/fir/fir-match.ts';
import type {
  TFirResultGroup,
  TFirResultSection,
  TFirSearchData,
} from '@lawfirm/shared-types/fir/fir-result.ts';

/** One section row of the reader's form. */
export type TSectionRow = { section: string; statute_id: string };

/** The keys the original client keeps the search under (rest-contract 121), kept between the two pages. */
const SECTIONS_KEY = 'filterSections';
const DATA_KEY = 'sectionData';

function read<T>(key: string, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

export const keptSections = (): TSectionRow[] => {
  const rows = read<TSectionRow[]>(SECTIONS_KEY, []);
  return Array.isArray(rows) && rows.length
    ? rows.map((r) => ({ section: String(r.section ?? ''), statute_id: String(r.statute_id ?? '') }))
    : [{ section: '', statute_id: '' }];
};

export const keptSearchData = (): TFirSearchData => read<TFirSearchData>(DATA_KEY, {});

export function keepSearch(rows: TSectionRow[], data: TFirSearchData): void {
  localStorage.setItem(SECTIONS_KEY, JSON.stringify(rows));
  localStorage.setItem(DATA_KEY, JSON.stringify(data));
}

/** The result's groups: the stored sections the FIR names, by statute, exact matches only (fir-match.ts). */
export function firResultGroups(
  sections: readonly Record<string, unknown>[],
  statutes: readonly Record<string, unknown>[],
  rows: { section: string; statute_id: string }[],
): TFirResultGroup[] {
  const title = new Map(statutes.map((s) => [s.id, String(s.title)]));
  const groups = matchFirSections(
    sections as (TFirResultSection & { id: string; statute_id: string })[],
    rows.map((r) => ({ section: r.section, statute_id: r.statute_id || null })),
  );
  return groups.map((g) => ({ statute: title.get(g[0]!.statute_id) ?? '', sections: g }));
}
