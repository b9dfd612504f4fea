import type { TUser } from '@lawfirm/shared-types';
import { api } from '../ui/api.ts';

/** The user-administration calls of rest-contract rows 102–108, typed once for the list and the form. */
export type TUserSaveAnswer = { user: { id: string }; is_admin_user?: boolean; message?: string };

/** Status filter values of part 2 §9: 2 all, 1 approved, 0 pending. */
export const STATUS_OPTIONS = [
  { value: '2', label: 'All' },
  { value: '1', label: 'Approved' },
  { value: '0', label: 'Pending Approval' },
] as const;

export function saveUser(body: Record<string, unknown>): Promise<TUserSaveAnswer> {
  return api<TUserSaveAnswer>('/api/users', { method: 'POST', json: body });
}

export function deleteUser(id: string): Promise<unknown> {
  return api(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function approveOrBlock(user: TUser, is_approved: boolean): Promise<{ message?: string }> {
  return api<{ message?: string }>('/api/approve_or_block', {
    method: 'POST',
    json: { user: { ...user, is_approved } },
  });
}

/** The role the original client uses: roles[0] (part 2 §3), falling back to role_id. */
export function roleIdOf(user: Pick<TUser, 'role_id' | 'roles'>): string {
  return user.role_id ?? user.roles[0]?.id ?? '';
}
