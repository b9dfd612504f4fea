import { describe, expect, it } from 'vitest';
import { buildConflictIndex } from '@lawfirm/shared-types/court-day/conflict-check.ts';
import { caseConflictWarnings } from './caseConflicts.logic.ts';

const people = [{ id: 'u1', name: 'Muhammad Aslam', cnic: '35202-1234567-1' }];
const index = buildConflictIndex(
  [{ id: 'c1', number: 'W.P. 1221/2025' }],
  [
    { petition_id: 'c1', side: 'petitioner', name: 'Muhammad Aslam', user_id: 'u1' },
    { petition_id: 'c1', side: 'opponent', name: 'Province of Punjab' },
  ],
  people,
);
const none = { petitioner: [], opponent: [] };

describe('caseConflictWarnings', () => {
  it('warns of the firm’s client typed as an opponent under a spelling variant', () => {
    expect(
      caseConflictWarnings(index, { ...none, opponent: [{ name: 'Mohd. Aslam' }] }, people, null),
    ).toEqual(['Possible conflict: Muhammad Aslam is the petitioner in W.P. 1221/2025']);
  });

  it('finds an Urdu name linked to the client by the client’s CNIC', () => {
    expect(
      caseConflictWarnings(
        index,
        { ...none, opponent: [{ name: 'محمد اسلم', user_id: 'u1' }] },
        people,
        null,
      ),
    ).toEqual(['Possible conflict: Muhammad Aslam is the petitioner in W.P. 1221/2025']);
  });

  it('says nothing for the same side, an unrelated name, or the case being edited', () => {
    expect(
      caseConflictWarnings(index, { ...none, petitioner: [{ name: 'Muhammad Aslam' }] }, people, null),
    ).toEqual([]);
    expect(
      caseConflictWarnings(index, { ...none, opponent: [{ name: 'Tariq Mehmood' }] }, people, null),
    ).toEqual([]);
    expect(
      caseConflictWarnings(index, { ...none, opponent: [{ name: 'Muhammad Aslam' }] }, people, 'c1'),
    ).toEqual([]);
  });

  it('on a device without CNICs, finds the Urdu record of the client through the server’s same-CNIC answer', () => {
    // A lawyer's phone: two records of one man (English u1, Urdu u9), no CNIC on either.
    const blindPeople = [
      { id: 'u1', name: 'Muhammad Aslam' },
      { id: 'u9', name: 'محمد اسلم' },
    ];
    const blind = buildConflictIndex(
      [{ id: 'c1', number: 'W.P. 1221/2025' }],
      [{ petition_id: 'c1', side: 'petitioner', name: 'Muhammad Aslam', user_id: 'u1' }],
      blindPeople,
    );
    const urdu = { ...none, opponent: [{ name: 'محمد اسلم', user_id: 'u9' }] };
    expect(caseConflictWarnings(blind, urdu, blindPeople, null)).toEqual([]);
    expect(caseConflictWarnings(blind, urdu, blindPeople, null, new Map([['u9', ['u1', 'u9']]]))).toEqual([
      'Possible conflict: Muhammad Aslam is the petitioner in W.P. 1221/2025',
    ]);
  });
});
