import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import { hashToken } from './tokens.ts';

/** Whether the user was sent a reset link that is still unused since `sinceIso`. */
export async function hasRecentReset(db: Db, userId: string, sinceIso: string): Promise<boolean> {
  const recent = await db
    .selectFrom('password_resets')
    .select('id')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('created_at', '>', sinceIso)
    .executeTakeFirst();
  return !!recent;
}

/** The name and domain of a user's firm, for the reset mail. */
export const companyOfUser = (db: Db, companyId: string) =>
  db.selectFrom('companies').select(['name', 'domain']).where('id', '=', companyId).executeTakeFirstOrThrow();

/** The user's unused, unexpired reset with this token, or undefined. */
export const findOpenReset = (db: Db, userId: string, token: string) =>
  db
    .selectFrom('password_resets')
    .select('id')
    .where('user_id', '=', userId)
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
