import { MSG } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId, nowIso } from '../db/ids.ts';
import { validationError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRow } from './users.repository.ts';
import { revokeUserSessions } from './sessions.repository.ts';
import { resetLink } from './links.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export const RESET_TTL_MIN = 60;
/** A new account's set-password link lasts a week: its owner may read the welcome mail days later. */
export const WELCOME_TTL_MIN = 7 * 24 * 60;

export const tokenInvalid = () => validationError({ token: [MSG.resetTokenInvalid] });
const minutesFromNow = (min: number) => new Date(Date.now() + min * 60_000).toISOString();

/** Queues a mail to the user in the transaction `trx`. */
const mailUser = (
  mailer: Mailer,
  trx: Db,
  user: Pick<UserRow, 'company_id' | 'email'>,
  subject: string,
  lines: string[],
) => mailer.enqueue({ companyId: user.company_id, to: user.email, subject, text: lines.join('\n') }, trx);

/**
 * Stores a new one-time token for the user in `trx`, voiding any older unused one, and answers it. Reset links
 * and a new account's set-password link are both such tokens.
 */
export async function createResetToken(
  trx: Db,
  user: Pick<UserRow, 'id' | 'company_id'>,
  ttlMin: number,
): Promise<string> {
  const token = newOpaqueToken();
  // Only the newest link works, so an older mail lying in an inbox is worth nothing.
  await trx
    .deleteFrom('password_resets')
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('password_resets')
    .values({
      id: newId(),
      company_id: user.company_id,
      user_id: user.id,
      // Only the hash is stored: a leaked database copy must not reset anyone's password.
      token_hash: hashToken(token),
      created_at: nowIso(),
      expires_at: minutesFromNow(ttlMin),
      used_at: null,
    })
    .execute();
  return token;
}

/** Stores a reset for the user, voiding any older one, and mails them its link on `origin`. */
export async function issuePasswordReset(
  db: Db,
  mailer: Mailer,
  user: UserRow,
  origin: string,
  siteName: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const token = await createResetToken(trx, user, RESET_TTL_MIN);
    await mailUser(mailer, trx, user, 'Reset your password', [
      `Dear ${user.name},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${siteName} account.`,
      `Open this link to choose a new password. It works once, within ${RESET_TTL_MIN} minutes:`,
      '',
      resetLink(origin, token, user.email),
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      '',
      siteName,
    ]);
  });
  mailer.wake();
}

/**
 * A new account's welcome mail, in `trx`: no password in it (the outbox would keep it readable), but a link
 * to choose one, which works once within a week.
 */
export async function mailWelcome(
  trx: Db,
  mailer: Mailer,
  user: Pick<UserRow, 'id' | 'company_id' | 'name' | 'email'>,
  origin: string,
): Promise<void> {
  const token = await createResetToken(trx, user, WELCOME_TTL_MIN);
  await mailUser(mailer, trx, user, 'Your login details', [
    `Dear ${user.name},`,
    '',
    'An account has been created for you.',
    `Email: ${user.email}`,
    '',
    'Open this link to choose your password. It works once, within 7 days:',
    resetLink(origin, token, user.email, true),
    '',
    `Then log in at: ${origin}/login`,
  ]);
}

/** Tells the user their password changed, in `trx`: a change they did not make is a break-in. */
export const mailPasswordChanged = (
  trx: Db,
  mailer: Mailer,
  user: Pick<UserRow, 'company_id' | 'email' | 'name'>,
  others: 'all' | 'other',
) =>
  mailUser(mailer, trx, user, 'Your password has been changed', [
    `Dear ${user.name},`,
    '',
    others === 'all'
      ? 'The password of your account was just changed and every device was signed out.'
      : 'The password of your account was just changed and every other device was signed out.',
    'If this was not you, contact your firm admin at once.',
  ]);

/** Uses the reset once: sets the new password, signs the user out everywhere and tells them by mail. */
export async function resetPassword(
  db: Db,
  mailer: Mailer,
  user: UserRow,
  resetId: string,
  passwordHash: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: nowIso() })
      .where('id', '=', resetId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    // Two tabs submitting the same link at once: only the first one sets a password.
    if (Number(used.numUpdatedRows) !== 1) throw tokenInvalid();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    // Whoever knew the old password (a lost phone, a shared computer) is signed out everywhere.
    await revokeUserSessions(trx, user.id);
    await mailPasswordChanged(trx, mailer, user, 'all');
  });
  mailer.wake();
}
