import { describe, expect, it } from 'vitest';
import {
  buildConflictIndex,
  checkConflicts,
  conflictLine,
  conflictWarning,
  type TConflictCase,
  type TConflictParty,
} from './conflict-check.ts';

const cases: TConflictCase[] = [
  { id: 'c1', number: 'W.P. 1221/2025' },
  { id: 'c2', number: 'C.R. 45/2023', archived: true },
  { id: 'c3', number: 'Crl.A. 7/2024', moot: true },
  { id: 'c4', number: 'C.S. 88/2026' },
];
const parties: TConflictParty[] = [
  { petition_id: 'c1', side: 'petitioner', name: 'Province of Punjab' },
  { petition_id: 'c1', side: 'opponent', name: 'Muhammad Aslam s/o Abdul Ghani' },
  { petition_id: 'c2', side: 'petitioner', name: 'Mohd. Aslam', user_id: 'u1' },
  { petition_id: 'c2', side: 'opponent', name: 'ABC Traders (Pvt.) Ltd.' },
  { petition_id: 'c3', side: 'petitioner', name: 'Mst. Razia Bibi', user_id: 'u2' },
  { petition_id: 'gone', side: 'opponent', name: 'Muhammad Aslam' },
  { petition_id: 'c4', side: 'petitioner', name: 'Kamran Yousaf', user_id: 'u3' },
];
const people = [
  { id: 'u1', name: 'Muhammad Aslam', cnic: '35202-1234567-1', phone: '0321-4567890' },
  { id: 'u2', name: 'Razia Bibi', cnic: null, phone: null },
  { id: 'u3', name: 'Kamran Yousaf', cnic: '61101-7654321-3', phone: '+92 300 1112223' },
];
const index = buildConflictIndex(cases, parties, people);

describe('conflict check', () => {
  it('finds every case naming a spelling variant, with its side, archived and moot cases too', () => {
    const m = checkConflicts(index, { name: 'Ch. Mohammad Aslam' });
    // "Ch." makes another name (Chaudhry Muhammad Aslam): not a match.
    expect(m).toEqual([]);
    const found = checkConflicts(index, { name: 'MUHAMMED ASLAM' });
    expect(found.map((x) => [x.caseNumber, x.side, x.by, x.archived])).toEqual([
      ['W.P. 1221/2025', 'opponent', 'name', false],
      ['C.R. 45/2023', 'petitioner', 'name', true],
    ]);
    expect(checkConflicts(index, { name: 'Razia Bibi' })).toMatchObject([
      { caseNumber: 'Crl.A. 7/2024', side: 'petitioner', moot: true },
    ]);
  });

  it('finds a company however its suffix is written', () => {
    expect(checkConflicts(index, { name: 'M/s ABC Traders (Private) Limited' })).toMatchObject([
      { caseNumber: 'C.R. 45/2023', side: 'opponent', partyName: 'ABC Traders (Pvt.) Ltd.' },
    ]);
  });

  it('ties an Urdu name to the English one by an exact CNIC or phone', () => {
    expect(checkConflicts(index, { name: 'کامران یوسف', cnic: '6110176543213' })).toMatchObject([
      { caseNumber: 'C.S. 88/2026', side: 'petitioner', partyName: 'Kamran Yousaf', by: 'cnic' },
    ]);
    expect(checkConflicts(index, { name: 'کامران یوسف', phone: '923001112223' })).toMatchObject([
      { caseNumber: 'C.S. 88/2026', by: 'phone' },
    ]);
    // Without the number, the Urdu name alone matches nothing; a CNIC one digit off neither.
    expect(checkConflicts(index, { name: 'کامران یوسف' })).toEqual([]);
    expect(checkConflicts(index, { name: 'کامران یوسف', cnic: '61101-7654321-4' })).toEqual([]);
  });

  it('finds a linked party by its person’s own name too, each case and side once', () => {
    const m = checkConflicts(index, { name: 'Muhammad Aslam', cnic: '35202-1234567-1' });
    expect(m.map((x) => `${x.caseId}:${x.side}:${x.by}`)).toEqual(['c1:opponent:name', 'c2:petitioner:name']);
  });

  it('finds nothing for an unrelated name', () => {
    expect(checkConflicts(index, { name: 'Tariq Mehmood' })).toEqual([]);
    expect(checkConflicts(index, { name: '   ' })).toEqual([]);
  });

  it('warns only of the other side, naming the case by its number', () => {
    const m = checkConflicts(index, { name: 'Mohammad Aslam' });
    expect(conflictWarning(m, 'petitioner')).toBe(
      'Possible conflict: Muhammad Aslam s/o Abdul Ghani is the opponent in W.P. 1221/2025',
    );
    expect(conflictWarning(m, 'opponent')).toBe(
      'Possible conflict: Mohd. Aslam is the petitioner in C.R. 45/2023',
    );
    expect(conflictWarning([], 'opponent')).toBeNull();
    const razia = checkConflicts(index, { name: 'Razia Bibi' });
    expect(conflictWarning(razia, 'petitioner')).toBeNull();
  });

  it('lists a match with how it was found', () => {
    const [m] = checkConflicts(index, { name: 'x', cnic: '35202-1234567-1' });
    expect(conflictLine(m!)).toBe('C.R. 45/2023: Mohd. Aslam, petitioner (same CNIC) (archived)');
  });

  it('on a device without CNICs, ties the Urdu name to the English one through the people the server named', () => {
    // A lawyer's device: the same people, their CNICs never sent to it.
    const blind = buildConflictIndex(
      cases,
      parties,
      people.map((p) => ({ ...p, cnic: null })),
    );
    expect(checkConflicts(blind, { name: 'کامران یوسف', cnic: '61101-7654321-3' })).toEqual([]);
    // The server answered that u3 carries the CNIC typed.
    expect(
      checkConflicts(blind, { name: 'کامران یوسف', cnic: '61101-7654321-3', people: ['u3'] }),
    ).toMatchObject([
      { caseNumber: 'C.S. 88/2026', side: 'petitioner', partyName: 'Kamran Yousaf', by: 'cnic' },
    ]);
    // A person with no case, or nobody: nothing.
    expect(checkConflicts(blind, { name: 'کامران یوسف', people: ['nobody'] })).toEqual([]);
  });
});
