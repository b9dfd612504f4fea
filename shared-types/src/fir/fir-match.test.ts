import { describe, expect, it } from 'vitest';
import { matchFirSections, sectionKey } from './fir-match.ts';

const PPC = 'ppc';
const PECA = 'peca';
const row = (id: string, fir_no: string, statute_id = PPC) => ({ id, fir_no, statute_id });
const ROWS = [
  row('3', '3'),
  row('30', '30'),
  row('302', '302'),
  row('3021', '3021'),
  row('302a', '302(a)'),
  row('337Ai', '337-A(i)'),
  row('337Aii', '337-A(ii)'),
  row('337Fi', '337-F(i)'),
  row('506i', '506(i)'),
  row('peca20', '20', PECA),
  row('ppc20', '20'),
];
const ids = (groups: { id: string }[][]) => groups.map((g) => g.map((r) => r.id));

describe('FIR sections match exactly', () => {
  it('302 is 302, not 3, 30, 3021 or 302(a)', () => {
    expect(ids(matchFirSections(ROWS, [{ section: '302' }]))).toEqual([['302']]);
    expect(ids(matchFirSections(ROWS, [{ section: '30' }]))).toEqual([['30']]);
    expect(ids(matchFirSections(ROWS, [{ section: '3' }]))).toEqual([['3']]);
  });

  it('337-A(i) and 337A(i) are the same section, and not 337-A(ii)', () => {
    for (const s of ['337A(i)', '337-A(i)', '337 a (i)', ' 337-a(i) ', 'S. 337-A(i)', '337–A(i)'])
      expect(ids(matchFirSections(ROWS, [{ section: s }]))).toEqual([['337Ai']]);
    expect(sectionKey('337-A(i)')).not.toBe(sectionKey('337-A(ii)'));
    expect(ids(matchFirSections(ROWS, [{ section: '337A' }]))).toEqual([]);
  });

  it('groups by statute, in the order the rows name them, and lists a section once', () => {
    const got = matchFirSections(ROWS, [
      { section: '20', statute_id: PECA },
      { section: '302' },
      { section: '506(i)' },
      { section: '302' },
      { section: '20' },
    ]);
    expect(ids(got)).toEqual([['peca20'], ['302', '506i', 'ppc20']]);
  });

  it('a row naming a statute matches only that statute; a blank section matches nothing', () => {
    expect(ids(matchFirSections(ROWS, [{ section: '302', statute_id: PECA }]))).toEqual([]);
    expect(ids(matchFirSections(ROWS, [{ section: '  ' }, { section: '-' }]))).toEqual([]);
  });
});
