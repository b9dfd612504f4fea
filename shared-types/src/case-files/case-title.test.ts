import { describe, expect, it } from 'vitest';
import { caseNameOf, caseNumber, caseTitle, caseTitleWithPetitioners, caseTypeOf } from './case-title.ts';
import { caseFileName, toCaseHeader, toPendingCaseRows } from '../pdf/case-data.ts';

const WP = { id: 'wp', title: 'Writ Petition', abbreviation: 'W.P.' };
const PETITION = { case_no: '122109', year: 2026, title: 'Muhammad Aslam vs State' };

describe('caseTitle: how a case is named everywhere', () => {
  it('names a case by its category’s short form, number/year and title', () => {
    const name = caseNameOf(PETITION, caseTypeOf(WP));
    expect(caseNumber(name)).toBe('W.P. 122109/2026');
    expect(caseTitle(name)).toBe('W.P. 122109/2026 Muhammad Aslam vs State');
    expect(caseTitleWithPetitioners(name, 'Muhammad Aslam')).toBe(
      'W.P. 122109/2026 Muhammad Aslam vs State (Muhammad Aslam)',
    );
    expect(caseTitleWithPetitioners(name, '')).toBe('W.P. 122109/2026 Muhammad Aslam vs State');
  });

  it('leaves out what a case does not have', () => {
    expect(caseTitle(caseNameOf(PETITION))).toBe('122109/2026 Muhammad Aslam vs State');
    expect(caseTitle({ caseType: 'C.R.', caseNo: '7', year: null, title: 'Ali vs Bank' })).toBe(
      'C.R. 7 Ali vs Bank',
    );
    expect(caseTitle({ caseType: 'C.R.', caseNo: '7', year: 2024, title: ' ' })).toBe('C.R. 7/2024');
    // A year as a database may answer it (text on PostgreSQL).
    expect(caseNumber({ caseType: 'W.P.', caseNo: '5', year: '2025' })).toBe('W.P. 5/2025');
  });

  it('takes the category’s abbreviation, else its title', () => {
    expect(caseTypeOf(WP)).toBe('W.P.');
    expect(caseTypeOf({ title: 'Constitutional Petition', abbreviation: ' ' })).toBe(
      'Constitutional Petition',
    );
    expect(caseTypeOf(null)).toBeNull();
  });

  it('is what the PDFs name a case with (header, file name, pending cases)', () => {
    const header = toCaseHeader({
      petition: PETITION,
      parties: [],
      court: null,
      category: WP,
      lawyers: [],
      orderSheets: [],
      today: '2026-01-01',
    });
    expect(caseTitle(header)).toBe('W.P. 122109/2026 Muhammad Aslam vs State');
    expect(caseFileName(header)).toBe('W.P. 122109-2026 Muhammad Aslam vs State.pdf');
    const [row] = toPendingCaseRows(
      [{ ...PETITION, pending_tag: 'L-1', petition_type_id: 'wp', court_id: null }],
      [],
      [WP],
    );
    expect(caseNumber(row!)).toBe('W.P. 122109/2026');
  });
});
