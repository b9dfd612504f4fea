import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { EMPTY_FILTERS } from './UserSearchForm.tsx';
import { filterUsers, pageOf, sortUsers, type TUserRow } from './users.local.ts';

/** The columns these tests do not look at. */
const NO_DETAILS = {
  phone: null,
  cnic: null,
  company_name: null,
  address: null,
  city: null,
  province: null,
  zip: null,
  avatar_file_name: null,
  moot_team_no: null,
  moot_institute: null,
  approved_at: null,
  approved_by: null,
  blocked_at: null,
  send_email: null,
};

const user = (i: number, over: Partial<TUserRow> = {}): TUserRow => ({
  id: `u${String(i).padStart(3, '0')}`,
  name: `User ${i}`,
  email: `user${i}@firm.pk`,
  role_id: ROLE_IDS.ASSOCIATE,
  is_approved: true,
  is_moot_student: false,
  created_at: `2024-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
  ...NO_DETAILS,
  ...over,
});

describe('filterUsers', () => {
  const rows = [
    user(1, { name: 'Ayesha Khan' }),
    user(2, { email: 'BILAL@firm.pk', is_approved: false }),
    user(3, { role_id: ROLE_IDS.STUDENT, is_moot_student: true }),
  ];
  it('matches name and email by containment, any case', () => {
    expect(filterUsers(rows, { ...EMPTY_FILTERS, name: 'khan' }).map((u) => u.id)).toEqual(['u001']);
    expect(filterUsers(rows, { ...EMPTY_FILTERS, email: 'bilal' }).map((u) => u.id)).toEqual(['u002']);
  });
  it('filters by role, status and moot students', () => {
    expect(filterUsers(rows, { ...EMPTY_FILTERS, role_id: ROLE_IDS.STUDENT }).map((u) => u.id)).toEqual([
      'u003',
    ]);
    expect(filterUsers(rows, { ...EMPTY_FILTERS, is_approved: '0' }).map((u) => u.id)).toEqual(['u002']);
    expect(filterUsers(rows, { ...EMPTY_FILTERS, is_approved: '1' })).toHaveLength(2);
    expect(filterUsers(rows, { ...EMPTY_FILTERS, is_moot_student: true }).map((u) => u.id)).toEqual(['u003']);
  });
});

describe('pageOf', () => {
  const rows = sortUsers(Array.from({ length: 45 }, (_, i) => user(i + 1)));
  it('pages by 20, newest first, with the spec footer numbers', () => {
    const p1 = pageOf(rows, 1);
    expect(p1.data[0]!.id).toBe('u045');
    expect([p1.from, p1.to, p1.total, p1.last_page]).toEqual([1, 20, 45, 3]);
    const p3 = pageOf(rows, 3);
    expect([p3.from, p3.to, p3.data.length]).toEqual([41, 45, 5]);
  });
  it('a page past the end shows the last page; no rows show no range', () => {
    expect(pageOf(rows, 9).current_page).toBe(3);
    expect(pageOf([], 1)).toMatchObject({ from: null, to: null, total: 0, last_page: 1 });
  });
});
