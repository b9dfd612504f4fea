import { api } from '../http/client.ts';

// The calls the user form makes online (rest-contract rows 104–105): creating an account needs a password and
// sends mail. The list works on the device's own copy of the firm's users instead (users.local.ts).

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
