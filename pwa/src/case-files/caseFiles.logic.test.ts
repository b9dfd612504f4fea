import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import {
  groupParties,
  isFirmLawyer,
  lawyerCaseCount,
  lawyerOptions,
  namesOf,
  pendingCaseRows,
  truncateNames,
  UNKNOWN_LAWYER,
} from './caseFiles.logic.ts';
import type { TPartyRow, TPetitionRow, TUserRow } from './caseFiles.types.ts';

describe('truncateNames (petitioner names on a card)', () => {
  it('keeps names of up to 20 characters whole', () => {
    expect(truncateNames('Muhammad Ali, Ahmed')).toBe('Muhammad Ali, Ahmed');
    expect(truncateNames('x'.repeat(20))).toBe('x'.repeat(20));
  });
  it('cuts longer names between words, within their first 19 characters, and an ellipsis', () => {
    expect(truncateNames('Muhammad Ali Khan, Ayesha Bibi')).toBe('Muhammad Ali Khan…');
    expect(truncateNames('x'.repeat(21))).toBe(`${'x'.repeat(19)}…`);
    expect(truncateNames('x'.repeat(21))).toHaveLength(20);
  });
  it('never splits an Urdu name or a letter from its vowel marks', () => {
    // 'مُحَمَّد اَسلَم' is 15 letters but 20 code units: the old cut counted code units and left 'مُحَمَّد اَس…'.
    expect(truncateNames('مُحَمَّد اَسلَم، عبدالرحمٰن خان')).toBe('مُحَمَّد اَسلَم…');
    expect(truncateNames('محمد اسلم، خان')).toBe('محمد اسلم، خان');
  });
});

const party = (id: string, petition_id: string, side: TPartyRow['side'], name: string, order: number) => ({
  id,
  petition_id,
  side,
  name,
  user_id: null,
  display_order: order,
});

describe('parties of each case', () => {
  it('groups by case and side in display order', () => {
    const g = groupParties([
      party('3', 'p1', 'petitioner', 'Second', 1),
      party('1', 'p1', 'petitioner', 'First', 0),
      party('2', 'p1', 'opponent', 'State', 0),
      party('4', 'p2', 'petitioner', 'Other', 0),
    ]);
    expect(namesOf(g.get('p1')!.petitioners)).toBe('First, Second');
    expect(namesOf(g.get('p1')!.opponents)).toBe('State');
    expect(namesOf(g.get('p2')!.petitioners)).toBe('Other');
  });
});

const pc = (id: string, over: Partial<TPetitionRow>): TPetitionRow => ({
  id,
  case_no: id,
  year: 2024,
  title: `T${id}`,
  court_id: 'c1',
  petition_type_id: 'wp',
  institution_date: null,
  is_moot_case: false,
  archived: false,
  pending_tag: null,
  lawyer_ids: [],
  ...over,
});

describe('pendingCaseRows', () => {
  it('lists active tagged cases by library number in natural order', () => {
    const rows = pendingCaseRows(
      [
        pc('1', { pending_tag: 'L-10' }),
        pc('2', { pending_tag: 'L-2' }),
        pc('3', { pending_tag: null }),
        pc('4', { pending_tag: 'L-1', archived: true }),
        pc('5', { pending_tag: ' ' }),
      ],
      (id) => (id === 'wp' ? 'WP' : null),
      (id) => (id === 'c1' ? 'Lahore High Court' : ''),
    );
    expect(rows).toEqual([
      { id: '2', libraryNo: 'L-2', title: 'T2', caseNo: 'WP 2/2024', court: 'Lahore High Court' },
      { id: '1', libraryNo: 'L-10', title: 'T1', caseNo: 'WP 1/2024', court: 'Lahore High Court' },
    ]);
  });
});

const user = (id: string, name: string, role: keyof typeof ROLE_IDS, over: Partial<TUserRow> = {}) =>
  ({
    id,
    name,
    email: null,
    phone: null,
    cnic: null,
    address: null,
    city: null,
    province: null,
    company_name: null,
    role_id: ROLE_IDS[role],
    ...over,
  }) as TUserRow;

describe('lawyers', () => {
  it('counts the cases on this device that list a lawyer', () => {
    expect(lawyerCaseCount([pc('1', { lawyer_ids: ['a', 'b'] }), pc('2', { lawyer_ids: ['b'] })], 'b')).toBe(
      2,
    );
  });

  it('offers admins, lawyers, partners and associates but not students, clients, moot students or blocked users', () => {
    expect(isFirmLawyer(user('x', 'x', 'ASSOCIATE', { is_moot_student: true }))).toBe(false);
    const users = [
      user('1', 'Zara', 'ADMIN'),
      user('2', 'Bilal', 'LAWYER'),
      user('3', 'Hina', 'PARTNER'),
      user('4', 'Omar', 'ASSOCIATE'),
      user('5', 'Sana', 'STUDENT'),
      user('6', 'Kamran', 'CLIENT'),
      user('7', 'Nadia', 'PARALEGAL'),
      user('8', 'Blocked', 'LAWYER', { blocked_at: '2025-01-01' }),
    ];
    expect(lawyerOptions(users, [], null).map((o) => o.label)).toEqual(['Bilal', 'Hina', 'Omar', 'Zara']);
  });

  it("on a device that knows only its own user, offers the case's lawyers and the user", () => {
    const me = user('me', 'Me Myself', 'LAWYER');
    expect(lawyerOptions([me], ['other', 'me'], { id: 'me', name: 'Me Myself' })).toEqual([
      { value: 'other', label: UNKNOWN_LAWYER },
      { value: 'me', label: 'Me Myself' },
    ]);
    expect(lawyerOptions([], [], { id: 'me', name: 'Session Name' })).toEqual([
      { value: 'me', label: 'Session Name' },
    ]);
  });
});
