import { isIPv6 } from 'node:net';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';

export const MSG_TOO_MANY_LOGINS = 'Too many login attempts. Please wait a minute and try again.';

/** One counter of failed password checks (migrations 2026_11_23_0007). */
export type LoginAttemptTable = { key: string; failures: number; window_ends: string };
const attempts = (db: Db) => db.withTables<{ login_attempts: LoginAttemptTable }>();

export type LoginLimits = { perAccount: number; perAddress: number; windowSec: number };

/** Failed password checks allowed per account and per address within a window (a minute). */
export function loginLimits(config: Config): LoginLimits {
  const { loginPerMinute, loginFailuresPerAddressPerMinute, loginWindowSec } = config.rateLimit;
  return {
    perAccount: loginPerMinute,
    // An address may fail on a few accounts' worth: an office shares one address, and so does a guesser.
    perAddress: loginFailuresPerAddressPerMinute ?? 3 * loginPerMinute,
    windowSec: loginWindowSec ?? 60,
  };
}

/** The account a login names, as login finds it: trimmed and lower-cased. */
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

/**
 * The address a request came from. An IPv6 address counts by its /64, the block one subscriber is given, so
 * that the 2^64 addresses of one connection are one address here.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `address:${mapped[1]}`;
  if (!isIPv6(ip)) return `address:${ip}`;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `address:${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Counts one failure for `key` and answers the count of its current window (a new window after the old ends). */
async function countFailure(db: Db, key: string, windowSec: number): Promise<number> {
  const now = new Date().toISOString();
  const ends = new Date(Date.now() + windowSec * 1000).toISOString();
  const row = await attempts(db)
    .insertInto('login_attempts')
    .values({ key, failures: 1, window_ends: ends })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const over = eb('login_attempts.window_ends', '<=', now);
        return {
          failures: eb
            .case()
            .when(over)
            .then(1)
            .else(eb('login_attempts.failures', '+', 1))
            .end(),
          window_ends: eb.case().when(over).then(ends).else(eb.ref('login_attempts.window_ends')).end(),
        };
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

async function uncountFailure(db: Db, key: string): Promise<void> {
  await attempts(db)
    .updateTable('login_attempts')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

/** Expired counters go at most once a minute per database. */
const lastSweep = new WeakMap<Db, number>();
async function sweep(db: Db): Promise<void> {
  const last = lastSweep.get(db) ?? 0;
  if (Date.now() - last < 60_000) return;
  lastSweep.set(db, Date.now());
  await attempts(db)
    .deleteFrom('login_attempts')
    .where('window_ends', '<', new Date().toISOString())
    .execute();
}

/**
 * Runs a password check (`check` answers null when the password is wrong) under the login limits, before any
 * hashing happens. Both login calls and the current-password check of a password change come here, so every
 * path shares the counters of the account and of the address.
 *
 * A check is counted as a failure before it runs, so a burst of parallel guesses is limited as well as a
 * sequence; a right password takes the count back and clears the account's, so an office of colleagues
 * signing in from one address never reaches its limit. A check that could not run (the server was busy)
 * counts for nothing.
 */
export async function throttledCheck<T>(
  db: Db,
  limits: LoginLimits,
  who: { email: string; ip: string },
  check: () => Promise<T | null>,
): Promise<T | null> {
  await sweep(db);
  const address = addressKey(who.ip);
  const account = accountKey(who.email);
  if ((await countFailure(db, address, limits.windowSec)) > limits.perAddress)
    throw new HttpError(429, MSG_TOO_MANY_LOGINS);
  if ((await countFailure(db, account, limits.windowSec)) > limits.perAccount)
    throw new HttpError(429, MSG_TOO_MANY_LOGINS);
  let result: T | null;
  try {
    result = await check();
  } catch (e) {
    await uncountFailure(db, address);
    await uncountFailure(db, account);
    throw e;
  }
  if (result !== null) {
    await uncountFailure(db, address);
    await attempts(db).deleteFrom('login_attempts').where('key', '=', account).execute();
  }
  return result;
}
