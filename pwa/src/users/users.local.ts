import {
  ROLE_IDS,
  ROLE_LABELS,
  ROLE_NAMES,
  roleNameById,
  type TRole,
  type TRowOf,
  type usersDecl,
} from '@lawfirm/shared-types';
import type { TUserFilters } from './UserSearchForm.tsx';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';

/** A user as an admin's device holds it, inferred from its declaration (users.entities.ts). */
export type TUserRow = TRowOf<typeof usersDecl>;

/** The spec's page size of the users list (Laravel's default paginator). */
export const USERS_PER_PAGE = 20;

/** Every role, as the role filter lists them (the server's GET /api/users answers the same list). */
export const ALL_ROLES: TRole[] = ROLE_NAMES.map((n) => ({ id: ROLE_IDS[n], name: ROLE_LABELS[n] }));

export function roleLabelOf(roleId: string | null): string | null {
  const name = roleNameById(roleId);
  return name ? ROLE_LABELS[name] : null;
}

const contains = (text: string, part: string) => text.toLowerCase().includes(part.trim().toLowerCase());

/** The server's filters (part 2 §7), applied on the device: status 2 all, 1 approved, 0 pending. */
export function filterUsers(rows: TUserRow[], f: TUserFilters): TUserRow[] {
  return rows.filter(
    (u) =>
      (!f.name.trim() || contains(u.name ?? '', f.name)) &&
      (!f.email.trim() || contains(u.email ?? '', f.email)) &&
      (!f.role_id || u.role_id === f.role_id) &&
      (f.is_approved === '2' || !!u.is_approved === (f.is_approved === '1')) &&
      (!f.is_moot_student || !!u.is_moot_student),
  );
}

/** Newest first, as the server lists them. */
export const sortUsers = (rows: TUserRow[]): TUserRow[] =>
  [...rows].sort((a, b) => compareCodes(b.created_at ?? '', a.created_at ?? '') || compareCodes(b.id, a.id));

export type TUserPage = {
  data: TUserRow[];
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
  total: number;
};

/** One page of a sorted list; a page past the end (rows deleted meanwhile) shows the last one. */
export function pageOf(rows: TUserRow[], page: number): TUserPage {
  const total = rows.length;
  const last_page = Math.max(1, Math.ceil(total / USERS_PER_PAGE));
  const current_page = Math.min(Math.max(1, page), last_page);
  const start = (current_page - 1) * USERS_PER_PAGE;
  const data = rows.slice(start, start + USERS_PER_PAGE);
  return {
    data,
    current_page,
    last_page,
    total,
    from: data.length ? start + 1 : null,
    to: data.length ? start + data.length : null,
  };
}
