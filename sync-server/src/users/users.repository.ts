import { ROLE_LABELS, roleFlags, roleNameById, type TActor, type TUser } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import type { UserTable } from '../db/schema.ts';
import { toBool } from '../db/ids.ts';

export type UserRow = Omit<UserTable, 'version'> & { version: number | string };

export const findUserById = (db: Db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();

export const findUserByEmail = (db: Db, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export async function isProviderCompany(db: Db, companyId: string): Promise<boolean> {
  const c = await db
    .selectFrom('companies')
    .select('is_provider')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return toBool(c?.is_provider);
}

/** The actor every permission check uses, built only from the server's own rows. */
export function actorOf(user: UserRow, isProvider: boolean): TActor {
  return {
    id: user.id,
    company_id: user.company_id,
    is_provider: isProvider,
    ...roleFlags(roleNameById(user.role_id), toBool(user.is_moot_student)),
  };
}

/** The user as every documented call answers it; the password hash never leaves this function. */
export function toApiUser(
  user: UserRow,
  extra: { isProvider: boolean; approvedByName?: string | null; contactPersons?: TUser['contact_persons'] },
): TUser {
  const roleName = roleNameById(user.role_id);
  const flags = roleFlags(roleName, toBool(user.is_moot_student));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    cnic: user.cnic,
    address: user.address,
    city: user.city,
    province: user.province,
    zip: user.zip,
    company_id: user.company_id,
    company_name: user.company_name,
    role_id: user.role_id,
    roles: roleName && user.role_id ? [{ id: user.role_id, name: ROLE_LABELS[roleName] }] : [],
    ...flags,
    is_provider: extra.isProvider,
    is_approved: toBool(user.is_approved),
    is_blocked: !!user.blocked_at && !toBool(user.is_approved),
    approved_at: user.approved_at,
    approve_by: extra.approvedByName ?? null,
    is_moot_student: toBool(user.is_moot_student),
    moot_team_no: user.moot_team_no,
    moot_institute: user.moot_institute,
    attachment: user.avatar_file_name ? { file_name: user.avatar_file_name } : null,
    contact_persons: extra.contactPersons ?? [],
    created_at: user.created_at,
  };
}
