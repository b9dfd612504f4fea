import { ROLE_LABELS, roleFlags, roleNameById, type TActor, type TUser } from '@lawfirm/shared-types';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import type { UserTable } from '../db/schema.ts';
import { toBool } from '../db/ids.ts';
import { containsText } from '../db/query-helpers.ts';

export type UserRow = Selectable<UserTable>;

/**
 * The columns a user's API answer and actor are made from (toApiUser, actorOf). Reads on every request select
 * these rather than the whole row: the password hash and the sync bookkeeping (field versions and writers, the
 * largest columns) are never needed there.
 */
export const API_USER_COLUMNS = [
  'id',
  'company_id',
  'name',
  'email',
  'phone',
  'cnic',
  'address',
  'city',
  'province',
  'zip',
  'company_name',
  'role_id',
  'is_moot_student',
  'moot_team_no',
  'moot_institute',
  'language',
  'reminders_enabled',
  'reminder_hour',
  'is_approved',
  'approved_at',
  'approved_by',
  'blocked_at',
  'avatar_file_name',
  'created_at',
] as const satisfies readonly (keyof UserRow)[];
export type ApiUserRow = Pick<UserRow, (typeof API_USER_COLUMNS)[number]>;

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
export function actorOf(
  user: Pick<UserRow, 'id' | 'company_id' | 'role_id' | 'is_moot_student'>,
  isProvider: boolean,
): TActor {
  return {
    id: user.id,
    company_id: user.company_id,
    is_provider: isProvider,
    ...roleFlags(roleNameById(user.role_id), toBool(user.is_moot_student)),
  };
}

/** The user as every documented call answers it; the password hash never leaves this function. */
export function toApiUser(
  user: ApiUserRow,
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
    language: user.language === 'ur' || user.language === 'en' ? user.language : null,
    // Stored 0/1; a row from before the column reads as on, the default.
    reminders_enabled:
      user.reminders_enabled === undefined || user.reminders_enabled === null
        ? true
        : toBool(user.reminders_enabled),
    reminder_hour: user.reminder_hour ?? null,
    attachment: user.avatar_file_name ? { file_name: user.avatar_file_name } : null,
    contact_persons: extra.contactPersons ?? [],
    created_at: user.created_at,
  };
}

/** Laravel's default page size as the original users list reads it. */
export const USERS_PER_PAGE = 20;

export type UserListFilters = {
  name?: string;
  email?: string;
  role_id?: string;
  /** 2 all, 1 approved, 0 pending (part 2 §7). */
  is_approved: number;
  is_moot_student?: boolean;
  page: number;
};

/** A listed user with what the answer adds from other rows: the approver's name and the provider flag. */
export type ListedUser = ApiUserRow & { approver_name: string | null; company_is_provider: number | null };

/**
 * One firm's live users, newest first, one page of them plus the total, in one query: the total rides along
 * as a scalar subquery, and the approver's name (any user, as approve_by always named) and the firm's provider
 * flag are joined in. Only a page past the end, with no row to carry the total, counts on its own.
 */
export async function listUsers(
  db: Db,
  companyId: string,
  f: UserListFilters,
): Promise<{ rows: ListedUser[]; total: number }> {
  let q = forFirm(db, companyId).live('users');
  if (f.name) q = q.where(containsText('users.name', f.name));
  if (f.email) q = q.where(containsText('users.email', f.email));
  if (f.role_id) q = q.where('users.role_id', '=', f.role_id);
  if (f.is_approved === 0 || f.is_approved === 1) q = q.where('users.is_approved', '=', f.is_approved);
  if (f.is_moot_student) q = q.where('users.is_moot_student', '=', 1);
  const count = q.select((eb) => eb.fn.countAll<number | string>().as('n'));
  const rows = await q
    .leftJoin('users as approver', 'approver.id', 'users.approved_by')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select(API_USER_COLUMNS.map((c) => `users.${c}` as const))
    .select([
      'approver.name as approver_name',
      'companies.is_provider as company_is_provider',
      count.as('total'),
    ])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(USERS_PER_PAGE)
    .offset((f.page - 1) * USERS_PER_PAGE)
    .execute();
  const total = rows.length ? rows[0]!.total : (await count.executeTakeFirst())?.n;
  return { rows: rows.map(({ total: _, ...r }) => r), total: Number(total ?? 0) };
}

/** Listed users as the API answers them; only their contact persons need another query (one for all). */
export async function toApiListedUsers(db: Db, users: ListedUser[]): Promise<TUser[]> {
  const contacts = await contactPersonsOf(
    db,
    users.map((u) => u.id),
  );
  return users.map(({ approver_name, company_is_provider, ...u }) =>
    toApiUser(u, {
      isProvider: toBool(company_is_provider),
      approvedByName: u.approved_by ? approver_name : null,
      contactPersons: contacts.get(u.id) ?? [],
    }),
  );
}

export type ContactPerson = TUser['contact_persons'][number];

export async function contactPersonsOf(db: Db, userIds: string[]): Promise<Map<string, ContactPerson[]>> {
  const out = new Map<string, ContactPerson[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_contact_persons')
    .select(['id', 'user_id', 'name', 'email', 'phone', 'cnic'])
    .where('user_id', 'in', userIds)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const { user_id, ...cp } of rows) out.set(user_id, [...(out.get(user_id) ?? []), cp]);
  return out;
}

export const findContactPerson = (db: Db, id: string) =>
  db
    .selectFrom('user_contact_persons')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * Users as the API answers them, loading what toApiUser needs for all of them at once (contact persons,
 * approvers' names, whether each firm is the provider) instead of a query per row.
 */
export async function toApiUsers(db: Db, users: UserRow[]): Promise<TUser[]> {
  if (users.length === 0) return [];
  const approverIds = [...new Set(users.map((u) => u.approved_by).filter((v): v is string => !!v))];
  const companyIds = [...new Set(users.map((u) => u.company_id))];
  const [contacts, approvers, providers] = await Promise.all([
    contactPersonsOf(
      db,
      users.map((u) => u.id),
    ),
    approverIds.length
      ? db.selectFrom('users').select(['id', 'name']).where('id', 'in', approverIds).execute()
      : Promise.resolve([]),
    db
      .selectFrom('companies')
      .select('id')
      .where('id', 'in', companyIds)
      .where('is_provider', '=', 1)
      .execute(),
  ]);
  const approverName = new Map(approvers.map((a) => [a.id, a.name]));
  const providerIds = new Set(providers.map((p) => p.id));
  return users.map((u) =>
    toApiUser(u, {
      isProvider: providerIds.has(u.company_id),
      approvedByName: u.approved_by ? (approverName.get(u.approved_by) ?? null) : null,
      contactPersons: contacts.get(u.id) ?? [],
    }),
  );
}
