import { MSG } from '@lawfirm/shared-types';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { toBool } from '../db/ids.ts';
import { findUserByEmail, type UserRow } from '../users/users.repository.ts';
import { dummyHash, verifyPassword } from './passwords.ts';

/**
 * Checks an email and password. An unknown email costs the same scrypt work as a known one, so timing does
 * not reveal which emails have accounts. Only after the password is right does the answer say why an
 * account cannot sign in (waiting for approval, or blocked).
 */
export async function authenticate(app: FastifyInstance, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(app.db, email);
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash(app.config.scrypt)));
  if (!user || !ok) throw new HttpError(401, MSG.wrongCredentials);
  if (!toBool(user.is_approved)) throw new HttpError(403, user.blocked_at ? MSG.blocked : MSG.notApproved);
  return user;
}
