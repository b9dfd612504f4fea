import { describe, expect, it } from 'vitest';
import type { TPartyRow, TPetitionRow } from './caseFiles.types.ts';
import {
  activeFilterCount,
  byNextHearing,
  filterCases,
  filtersFromParams,
  filtersToParams,
  NO_FILTERS,
  pageOf,
  type TCaseFilters,
} from './filterCases.ts';

const petition = (id: string, over: Partial<TPetitionRow> = {}): TPetitionRow => ({
  id,
  case_no: '1',
  year: 2024,
  title: `Case ${id}`,
  court_id: 'lhc',
  petition_type_id: null,
  institution_date: null,
  is_moot_case: false,
  archived: false,
  pending_tag: null,
  lawyer_ids: [],
  created_at: `2024-01-01T00:00:${id.padStart(2, '0')}Z`,
  ...over,
});
const party = (id: string, petition_id: string, name: string, side: TPartyRow['side'] = 'petitioner') => ({
  id,
  petition_id,
  name,
  side,
  user_id: null,
  display_order: 0,
});
const ids = (rows: TPetitionRow[]) => rows.map((r) => r.id);
const f = (over: Partial<TCaseFilters>): TCaseFilters => ({ ...NO_FILTERS, ...over });

const cases = [
  petition('1', { case_no: '123', year: 2023, court_id: 'lhc', pending_tag: 'L-7' }),
  petition('2', { case_no: '1234', year: 2024, court_id: 'shc', is_moot_case: true }),
  petition('3', { case_no: '55', year: 2024, court_id: 'lhc', archived: true, pending_tag: 'L-9' }),
  petition('4', { case_no: '99', year: 2024, court_id: 'lhc', pending_tag: '  ' }),
];
const parties = [
  party('a', '1', 'Muhammad Ali Khan'),
  party('b', '2', 'State', 'opponent'),
  party('c', '4', 'Ayesha Siddiqa', 'opponent'),
];

describe('filterCases', () => {
  it('shows the active cases, newest first, when nothing is filtered', () => {
    expect(ids(filterCases(cases, parties, NO_FILTERS))).toEqual(['4', '2', '1']);
  });

  it('shows only the archived cases in the archived list', () => {
    expect(ids(filterCases(cases, parties, f({ archived: true })))).toEqual(['3']);
  });

  it('matches the case number anywhere and the year and court exactly', () => {
    expect(ids(filterCases(cases, parties, f({ caseNo: '123' })))).toEqual(['2', '1']);
    expect(ids(filterCases(cases, parties, f({ caseNo: '123', year: '2023' })))).toEqual(['1']);
    expect(ids(filterCases(cases, parties, f({ courtId: 'shc' })))).toEqual(['2']);
    expect(ids(filterCases(cases, parties, f({ year: '202' })))).toEqual([]);
  });

  it('matches a party name on either side, ignoring case', () => {
    expect(ids(filterCases(cases, parties, f({ partyName: 'ali k' })))).toEqual(['1']);
    expect(ids(filterCases(cases, parties, f({ partyName: 'SIDDIQA' })))).toEqual(['4']);
    expect(ids(filterCases(cases, parties, f({ partyName: 'nobody' })))).toEqual([]);
  });

  it('does not match across two names of one case', () => {
    const two = [party('x', '1', 'Ali'), party('y', '1', 'Khan')];
    expect(ids(filterCases(cases, two, f({ partyName: 'ali khan' })))).toEqual([]);
  });

  it('matches text as the server does: Urdu and %, _ as typed, only English letters ignore case', () => {
    const typed = [
      petition('5', { case_no: 'W_P 50%', title: 'Émile v. State' }),
      petition('6', { case_no: 'WXP 500', title: 'ریاست بنام علی' }),
    ];
    const named = [party('u', '6', 'علی خان'), party('v', '5', 'Émile Khan')];
    expect(ids(filterCases(typed, named, f({ caseNo: 'w_p' })))).toEqual(['5']);
    expect(ids(filterCases(typed, named, f({ caseNo: '0%' })))).toEqual(['5']);
    expect(ids(filterCases(typed, named, f({ partyName: 'علی' })))).toEqual(['6']);
    expect(ids(filterCases(typed, named, f({ partyName: 'Émile KHAN' })))).toEqual(['5']);
    // É and é are different letters to SQLite's and PostgreSQL's shared fold, so to the device as well.
    expect(ids(filterCases(typed, named, f({ partyName: 'émile' })))).toEqual([]);
    // The year is a number, as the server reads it.
    expect(ids(filterCases(typed, named, f({ year: '02024' })))).toEqual(['6', '5']);
  });

  it('filters by pending tag text, pending only (a blank tag is no tag) and moot only', () => {
    expect(ids(filterCases(cases, parties, f({ pendingTag: 'l-7' })))).toEqual(['1']);
    expect(ids(filterCases(cases, parties, f({ pendingOnly: true })))).toEqual(['1']);
    expect(ids(filterCases(cases, parties, f({ mootOnly: true })))).toEqual(['2']);
  });

  it('puts a case made on this device (no server stamp yet) on top', () => {
    const local = petition('0', { created_at: null });
    expect(ids(filterCases([...cases, local], parties, NO_FILTERS))[0]).toBe('0');
  });

  it('filters 20,000 cases with 40,000 parties by party name, one linear pass', () => {
    const many: TPetitionRow[] = [];
    const ps: TPartyRow[] = [];
    for (let i = 0; i < 20_000; i++) {
      const id = `c${String(i).padStart(5, '0')}`;
      many.push(petition(id, { case_no: String(i), created_at: null, archived: i % 10 === 0 }));
      ps.push(party(`p${i}`, id, i % 1000 === 7 ? `Needle Person ${i}` : `Person ${i}`));
      ps.push(party(`o${i}`, id, 'State', 'opponent'));
    }
    // Counts how often a party name is read: a per-case scan of all parties would read 800 million.
    let reads = 0;
    const counted = ps.map((p) => {
      let name = p.name;
      return Object.defineProperty({ ...p }, 'name', {
        get: () => (reads++, name),
        set: (v: string) => (name = v),
      });
    });
    const shown = filterCases(many, counted, f({ partyName: 'needle' }));
    expect(shown.map((r) => r.case_no)).toEqual(
      Array.from({ length: 20 }, (_, k) => String(19_007 - k * 1000)),
    );
    expect(reads).toBe(ps.length);
    const page = pageOf(filterCases(many, counted, f({ caseNo: '1999' })), 1);
    // 19990 is archived; 11999 and 1999 contain the number too.
    expect(page.total).toBe(11);
    expect(page.data.map((r) => r.case_no).slice(-3)).toEqual(['19991', '11999', '1999']);
  });
});

describe('filters in the address', () => {
  it('round-trips every filter and the page', () => {
    const filters = f({
      caseNo: '12',
      year: '2024',
      courtId: 'lhc',
      partyName: 'Ali',
      pendingTag: 'L',
      pendingOnly: true,
      mootOnly: true,
      archived: true,
    });
    const params = filtersToParams(filters, 3);
    expect(filtersFromParams(params)).toEqual({ filters, page: 3 });
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
  });

  it('reads a missing or broken page as the first', () => {
    expect(filtersFromParams(new URLSearchParams('page=abc')).page).toBe(1);
    expect(filtersFromParams(new URLSearchParams('page=-2')).page).toBe(1);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 45 }, (_, i) => i + 1);
  it("gives 20 per page with the 'Showing from X to Y of Z' numbers", () => {
    expect(pageOf(rows, 1)).toMatchObject({ from: 1, to: 20, total: 45, last_page: 3 });
    expect(pageOf(rows, 3)).toMatchObject({ from: 41, to: 45, data: [41, 42, 43, 44, 45] });
  });
  it('moves a page past the end (after a delete or a narrower search) to the last one', () => {
    expect(pageOf(rows, 9)).toMatchObject({ current_page: 3, from: 41 });
    expect(pageOf([], 2)).toMatchObject({ current_page: 1, from: null, to: null, total: 0 });
  });
});

describe('the folded filters and the order by next hearing', () => {
  it('counts the filters that are set, not the archived toggle', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount(f({ archived: true }))).toBe(0);
    expect(activeFilterCount(f({ caseNo: ' 12 ', courtId: 'lhc', pendingOnly: true, mootOnly: true }))).toBe(
      4,
    );
    expect(activeFilterCount(f({ partyName: '  ' }))).toBe(0);
  });

  it('puts the soonest hearing first and cases without one last, in their given order', () => {
    const rows = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    const next = new Map([
      ['d', '2026-05-02'],
      ['b', '2026-05-01'],
      ['e', '2026-05-02'],
    ]);
    expect(byNextHearing(rows, next).map((r) => r.id)).toEqual(['b', 'd', 'e', 'a', 'c']);
    expect(byNextHearing(rows, new Map()).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
