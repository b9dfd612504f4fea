import {
  can,
  MSG,
  roleNameById,
  type TActor,
  type TApproveOrBlockInput,
  type TUser,
  type TUserInput,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId, nowIso, toBool } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, HttpError, notFound, validationError, type TFieldErrors } from '../http/errors.ts';
import { throttledCheck, type LoginLimits } from '../auth/login-throttle.ts';
import { mailPasswordChanged, mailWelcome } from '../auth/password-reset.mutators.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeOtherSessions, revokeUserSessions } from '../auth/sessions.repository.ts';
import { findCompany } from '../companies/companies.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { saveFile, removeFile } from '../files/storage.ts';
import type { TFileStore } from '../files/file-store.ts';
import { checkImage } from '../files/sniff.ts';
import { insertSyncedRow, restWriter, updateSyncedRow } from '../sync/system-write.ts';
import { deleteRow, putRow } from '../sync/store.ts';
import { usersEntity } from '../auth/users.entities.ts';
import {
  findContactPerson,
  findUserByEmail,
  findUserById,
  toApiUsers,
  type UserRow,
} from '../auth/users.repository.ts';

/** What the user mutators need besides the database: they hash passwords, send mail and store photos. */
export type UserServices = {
  scrypt: { N: number; r: number; p: number };
  mailer: Mailer;
  /** The origin of links in mails to the people of firm `companyId` (auth/links.ts). */
  linkOrigin: (companyId: string) => Promise<string>;
  files: TFileStore;
  /** The caller's session (kept when they change their own password) and address (login limits). */
  sessionId: string | null;
  ip: string;
  loginLimits: LoginLimits;
};

export const MSG_ROLE_INVALID = 'The selected role is invalid.';
export const MSG_CANNOT_DELETE_SELF = 'You cannot delete your own account.';
export const MSG_CANNOT_BLOCK_SELF = 'You cannot block your own account.';
export const MSG_USER_DELETED = 'User Deleted Successfully!';
export const MSG_USER_APPROVED = 'User Approved Successfully!';
export const MSG_USER_BLOCKED = 'User Blocked Successfully!';
export const MAX_AVATAR_BYTES = 1_000_000;
export const MSG_AVATAR_TOO_LARGE = 'The image may not be greater than 1000 kilobytes.';
export const MSG_AVATAR_TYPE = 'The image must be a file of type: png, jpeg, jpg.';
export const MSG_AVATAR_UNCHANGED = 'No image was chosen: the photo is unchanged.';
export const MSG_CURRENT_PASSWORD_REQUIRED = 'Please enter your current password to change it.';
export const MSG_CURRENT_PASSWORD_WRONG = 'The current password is incorrect.';

/** A unique index refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** An admin of the user's own firm, or an admin of the provider firm (which registers other firms' admins). */
export const administers = (actor: TActor, companyId: string): boolean =>
  can(actor, 'users.manage') && (actor.company_id === companyId || can(actor, 'companies.manage'));

/**
 * The actor as the sync store sees it when acting on a user of `companyId`. The store checks the row is of
 * the actor's firm and logs the change in that firm, whose devices pull it; a provider-firm admin acting on
 * another firm's user (which reachableUser or administers has allowed) therefore acts as an admin of that firm.
 */
const actingIn = (actor: TActor, companyId: string): TActor => ({ ...actor, company_id: companyId });

/**
 * The user `id` as the actor may act on it. Someone else's firm answers 404 exactly like an unknown id, so
 * ids of other firms cannot be probed; a colleague the actor may not manage answers 403.
 */
async function reachableUser(db: Db, actor: TActor, id: string, selfAllowed: boolean): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound();
  if (selfAllowed && user.id === actor.id) return user;
  if (administers(actor, user.company_id)) return user;
  if (user.company_id === actor.company_id) throw forbidden();
  throw notFound();
}

export async function answerUser(db: Db, id: string): Promise<TUser> {
  const row = await findUserById(db, id);
  if (!row) throw notFound();
  return (await toApiUsers(db, [row]))[0]!;
}

/** Reads a user for the edit form or My Profile: an admin of the firm, or the user themself. */
export const readUser = async (db: Db, actor: TActor, id: string): Promise<TUser> =>
  answerUser(db, (await reachableUser(db, actor, id, true)).id);

/**
 * The user form's 422 in the original shape: contact persons' errors go under contact_person_validation_error
 * (keyed by field, as the form shows them under the row), everything else under validation_error.
 */
export function userValidationError(all: TFieldErrors): HttpError {
  const fields: TFieldErrors = {};
  const contact: TFieldErrors = {};
  for (const [path, messages] of Object.entries(all)) {
    const m = /^contact_persons\.\d+\.(.+)$/.exec(path);
    if (m) (contact[m[1]!] ??= []).push(...messages.filter((x) => !contact[m[1]!]?.includes(x)));
    else fields[path] = messages;
  }
  const first = Object.values(fields)[0]?.[0] ?? Object.values(contact)[0]?.[0] ?? MSG.validationFailed;
  return new HttpError(422, first, { validation_error: fields, contact_person_validation_error: contact });
}

/**
 * A change of one's own password needs the current one, checked under the login limits (the same counters as
 * sign-in): a session left open on a shared computer must not be enough to lock its owner out.
 */
async function checkCurrentPassword(
  db: Db,
  user: UserRow,
  current: string | null | undefined,
  services: UserServices,
): Promise<void> {
  if (!current) throw userValidationError({ current_password: [MSG_CURRENT_PASSWORD_REQUIRED] });
  const ok = await throttledCheck(
    db,
    services.loginLimits,
    { email: user.email, ip: services.ip },
    async () => ((await verifyPassword(current, user.password_hash)) ? true : null),
  );
  if (!ok) throw userValidationError({ current_password: [MSG_CURRENT_PASSWORD_WRONG] });
}

async function replaceContactPersons(
  trx: Db,
  userId: string,
  companyId: string,
  list: TUserInput['contact_persons'],
  t: string,
): Promise<void> {
  const current = await trx
    .selectFrom('user_contact_persons')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  const currentIds = new Set(current.map((c) => c.id));
  const keep = new Set<string>();
  for (const cp of list) {
    // An empty row of the repeatable form is not a contact person.
    if (!cp.name && !cp.email && !cp.phone && !cp.cnic) continue;
    const values = { name: cp.name, email: cp.email, phone: cp.phone, cnic: cp.cnic, updated_at: t };
    // Only this user's own rows are updated by id; any other id is treated as a new row.
    if (cp.id && currentIds.has(cp.id)) {
      keep.add(cp.id);
      await trx.updateTable('user_contact_persons').set(values).where('id', '=', cp.id).execute();
    } else {
      await trx
        .insertInto('user_contact_persons')
        .values({
          id: newId(),
          company_id: companyId,
          user_id: userId,
          ...values,
          created_at: t,
          deleted_at: null,
        })
        .execute();
    }
  }
  const gone = [...currentIds].filter((id) => !keep.has(id));
  if (gone.length)
    await trx
      .updateTable('user_contact_persons')
      .set({ deleted_at: t, updated_at: t })
      .where('id', 'in', gone)
      .execute();
}

async function approvalMail(trx: Db, services: UserServices, user: UserRow, origin: string): Promise<void> {
  await services.mailer.enqueue(
    {
      companyId: user.company_id,
      to: user.email,
      subject: 'Your account is approved',
      text: `Dear ${user.name},\n\nYour account is approved. You can now log in at ${origin}/login with your email ${user.email}.\n`,
    },
    trx,
  );
}

/** The entries whose value is not undefined (left out of the body). */
const definedOnly = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * POST /api/users: create (no id) or update. An admin creates users in their own firm; only a provider-firm
 * admin may name another firm (registering a new firm's admin). Anyone may update their own profile, but not
 * their role, approval, moot flag or firm; an admin edits colleagues of their own firm. A new password ends
 * the user's other sessions; one's own needs `current_password`.
 */
export async function saveUser(
  db: Db,
  actor: TActor,
  data: TUserInput & { current_password?: string | null; sent_fields?: readonly string[] },
  services: UserServices,
): Promise<{ user: TUser; isAdminUser: boolean; created: boolean }> {
  const isAdmin = can(actor, 'users.manage');
  const target = data.id ? await reachableUser(db, actor, data.id, true) : null;
  if (!target && !isAdmin) throw forbidden();
  const ownPassword = !!data.password && !!target && target.id === actor.id;
  if (target && ownPassword) await checkCurrentPassword(db, target, data.current_password, services);

  let companyId = target?.company_id ?? actor.company_id;
  if (!target && data.company_id && data.company_id !== actor.company_id && can(actor, 'companies.manage')) {
    const company = await findCompany(db, data.company_id);
    if (!company) throw validationError({ company_id: [MSG.companyRequired] });
    companyId = company.id;
  }

  const mayChangeAccess = isAdmin && target?.id !== actor.id;
  if (mayChangeAccess && !roleNameById(data.role_id)) throw validationError({ role_id: [MSG_ROLE_INVALID] });

  const sameEmail = await findUserByEmail(db, data.email);
  if (sameEmail && sameEmail.id !== target?.id) throw validationError({ email: [MSG.emailTaken] });

  // Hashing is slow: it happens before the transaction, never inside it.
  const passwordHash = data.password ? await hashPassword(data.password, services.scrypt) : null;
  const t = nowIso();
  // An update changes only the fields its body carries (the PWA's form sends what it changed): the rest stay as
  // they are, whatever another device or the user's own profile changed meanwhile. A create takes them all.
  const sent = target && data.sent_fields ? new Set(data.sent_fields) : null;
  const carried = <T extends Record<string, unknown>>(o: T): Partial<T> =>
    sent ? (Object.fromEntries(Object.entries(o).filter(([k]) => sent.has(k))) as Partial<T>) : o;
  const fullProfile = {
    name: data.name,
    email: data.email,
    phone: data.phone,
    cnic: data.cnic,
    address: data.address,
    city: data.city,
    province: data.province,
    zip: data.zip,
    company_name: data.company_name,
    moot_team_no: data.moot_team_no,
    moot_institute: data.moot_institute,
  };
  const profile = carried(fullProfile);
  // The court day's choices (issue 34), only those the body carries: an older form leaves them as they are.
  const prefs = definedOnly({
    language: data.language,
    reminders_enabled: data.reminders_enabled,
    reminder_hour: data.reminder_hour,
  });
  // An update that leaves a flag out (undefined in the input) keeps it: a client sending part of the form must
  // not block anyone. A new user's missing flags are false.
  const flagOf = (v: boolean | undefined) => (target ? v : (v ?? false));
  const approved = flagOf(data.is_approved);
  const moot = flagOf(data.is_moot_student);
  // Role, approval and the moot flag are the admin's, and never on their own account (no locking oneself out):
  // a user's own form may carry them, and they are left as they are. The entity stamps approvals and blocks.
  const access: { role_id?: string | null; is_approved?: boolean; is_moot_student?: boolean } =
    mayChangeAccess
      ? {
          role_id: data.role_id,
          ...(approved === undefined ? {} : { is_approved: approved }),
          ...(moot === undefined ? {} : { is_moot_student: moot }),
        }
      : {};
  const id = target?.id ?? newId();
  const becameApproved = !!target && !toBool(target.is_approved) && access.is_approved === true;
  const sendLogin = !target && data.send_email;
  const origin = sendLogin || becameApproved ? await services.linkOrigin(companyId) : '';

  await inTransaction(db, async (trx) => {
    if (target) {
      await putRow(trx, actingIn(actor, companyId), usersEntity, id, { ...profile, ...prefs, ...access });
      // The hash never leaves the server, so a new password is no change a device could pull.
      if (passwordHash) {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
        // Whoever knew the old password is signed out; the owner's own device stays signed in.
        if (ownPassword && services.sessionId) await revokeOtherSessions(trx, id, services.sessionId);
        else await revokeUserSessions(trx, id);
        await mailPasswordChanged(
          trx,
          services.mailer,
          { ...target, ...profile },
          ownPassword ? 'other' : 'all',
        );
      }
      if (becameApproved) await approvalMail(trx, services, { ...target, ...profile }, origin);
    } else {
      // Devices cannot create accounts (they need a password): a server insert, logged for every device.
      await insertSyncedRow(
        trx,
        usersEntity,
        companyId,
        {
          id,
          ...fullProfile,
          ...prefs,
          ...access,
          password_hash: passwordHash!,
          avatar_file_name: null,
          send_email: data.send_email,
          approved_at: null,
          approved_by: null,
          blocked_at: null,
          created_at: t,
        },
        { writer: restWriter(actor), actor },
      );
    }
    if (!sent || sent.has('contact_persons'))
      await replaceContactPersons(trx, id, companyId, data.contact_persons, t);
    // A link to choose a password, never the password: the outbox keeps what it mails.
    if (sendLogin)
      await mailWelcome(
        trx,
        services.mailer,
        { id, company_id: companyId, name: data.name, email: data.email },
        origin,
      );
  }).catch((e: unknown) => {
    // Two saves of the same email at once: the database's unique index on live emails decides.
    throw isUniqueViolation(e) ? validationError({ email: [MSG.emailTaken] }) : e;
  });
  // Mails queued inside the transaction become visible to the sender only now.
  services.mailer.wake();
  return { user: await answerUser(db, id), isAdminUser: actor.is_admin, created: !target };
}

/**
 * DELETE /api/users/{id}: the original client also sends a contact person's id here to remove one row of the
 * form. Deleting a user is a soft delete that ends all their sessions; an admin cannot delete themself.
 */
export async function deleteUserOrContactPerson(
  db: Db,
  actor: TActor,
  id: string,
): Promise<'user' | 'contact_person'> {
  const t = nowIso();
  if (await findUserById(db, id)) {
    const user = await reachableUser(db, actor, id, false);
    // The store refuses it too; this is the message the form shows.
    if (user.id === actor.id) throw new HttpError(422, MSG_CANNOT_DELETE_SELF);
    await inTransaction(db, async (trx) => {
      // A tombstone through the store, so the account leaves every device too.
      await deleteRow(trx, actingIn(actor, user.company_id), usersEntity, id);
      await trx
        .updateTable('user_contact_persons')
        .set({ deleted_at: t, updated_at: t })
        .where('user_id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
      await revokeUserSessions(trx, id);
    });
    return 'user';
  }
  const cp = await findContactPerson(db, id);
  if (!cp) throw notFound();
  if (cp.user_id !== actor.id && !administers(actor, cp.company_id))
    throw cp.company_id === actor.company_id ? forbidden() : notFound();
  await db
    .updateTable('user_contact_persons')
    .set({ deleted_at: t, updated_at: t })
    .where('id', '=', id)
    .execute();
  return 'contact_person';
}

/**
 * POST /api/approve_or_block. Blocking ends every session at once (the auth plugin re-reads the user row on
 * each request, and the sessions are revoked too, so a refresh cannot revive them). Approving mails the user.
 */
export async function approveOrBlock(
  db: Db,
  actor: TActor,
  { user: req }: TApproveOrBlockInput,
  services: UserServices,
): Promise<'approved' | 'blocked'> {
  if (!can(actor, 'users.manage')) throw forbidden();
  const user = await reachableUser(db, actor, req.id, false);
  if (user.id === actor.id && !req.is_approved) throw new HttpError(422, MSG_CANNOT_BLOCK_SELF);
  // Mail only on the change from pending or blocked to approved, not on a repeated click.
  const approving = req.is_approved && !toBool(user.is_approved);
  // Read before the transaction: on SQLite a query outside it would wait for the transaction to end.
  const origin = await services.linkOrigin(user.company_id);
  await inTransaction(db, async (trx) => {
    // The entity stamps the approval, or marks the block and ends the user's sessions, in this transaction.
    await putRow(trx, actingIn(actor, user.company_id), usersEntity, user.id, {
      is_approved: req.is_approved,
    });
    if (approving) await approvalMail(trx, services, user, origin);
  });
  if (approving) services.mailer.wake();
  return req.is_approved ? 'approved' : 'blocked';
}

/**
 * POST /api/upload_user_image: the profile photo of the user themself or of a user the actor administers.
 * Only PNG or JPEG, decided by the bytes and within the pixel limits of every upload; stored under a name the
 * server makes, in the user's firm's folder.
 * No file changes nothing (the original client calls this after every save of the user form, photo or not):
 * the answer is the photo the user has, if any.
 */
export async function setUserAvatar(
  db: Db,
  actor: TActor,
  userId: unknown,
  bytes: Buffer | null,
  services: UserServices,
): Promise<{ file_name: string } | null> {
  if (typeof userId !== 'string' || !userId)
    throw validationError({ attachmentable_id: ['The user is required.'] });
  const user = await reachableUser(db, actor, userId, true);
  if (!bytes || bytes.length === 0)
    return user.avatar_file_name ? { file_name: user.avatar_file_name } : null;
  if (bytes.length > MAX_AVATAR_BYTES) throw validationError({ files: [MSG_AVATAR_TOO_LARGE] });
  const image = checkImage(bytes);
  if (!image.ok) throw validationError({ files: [image.message ?? MSG_AVATAR_TYPE] });
  const fileName = `${newId()}.${image.kind.ext}`;
  await saveFile(services.files, [user.company_id, 'user', user.id, fileName], bytes);
  // The photo's name is the server's column, but devices show it: logged so they pull it.
  await inTransaction(db, (trx) =>
    updateSyncedRow(
      trx,
      usersEntity,
      user.company_id,
      user.id,
      { avatar_file_name: fileName },
      { writer: restWriter(actor), updatedBy: actor.id },
    ),
  );
  // The old photo is no longer referenced; a failure to remove it leaves a stray file, never a broken avatar.
  if (user.avatar_file_name && user.avatar_file_name !== fileName)
    await removeFile(services.files, [user.company_id, 'user', user.id, user.avatar_file_name]).catch(
      () => undefined,
    );
  return { file_name: fileName };
}
