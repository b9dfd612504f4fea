import { MSG } from '@lawfirm/shared-types';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { toBool } from '../db/ids.ts';
import { findUserByEmail, type UserRow } from './users.repository.ts';
import { loginLimits, throttledCheck } from './login-throttle.ts';
import { dummyHash, verifyPassword } from './passwords.ts';

/**
 * Checks an email and password, under the login limits of the account and of the address `ip`. An unknown
 * email costs the same scrypt work as a known one, so timing does not reveal which emails have accounts. Only
 * after the password is right does the answer say why an account cannot sign in (waiting for approval, or
 * blocked).
 */
export async function authenticate(
  app: FastifyInstance,
  email: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  const user = await throttledCheck(app.db, loginLimits(app.config), { email, ip }, async () => {
    const found = await findUserByEmail(app.db, email);
    const ok = await verifyPassword(password, found?.password_hash ?? (await dummyHash(app.config.scrypt)));
    return found && ok ? found : null;
  });
  if (!user) throw new HttpError(401, MSG.wrongCredentials);
  if (!toBool(user.is_approved)) throw new HttpError(403, user.blocked_at ? MSG.blocked : MSG.notApproved);
  return user;
}
