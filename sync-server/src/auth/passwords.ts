import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../http/errors.ts';
import { createWorkQueue } from '../http/work-queue.ts';

const KEYLEN = 32;

export const MSG_SERVER_BUSY = 'The server is busy signing people in. Please try again in a moment.';

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads and
 * writes share. Half of it at most hashes passwords, so a burst of logins never starves a download or upload.
 */
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const scryptQueue = createWorkQueue(
  Math.max(1, Math.floor(POOL_SIZE / 2)),
  32,
  () => new HttpError(503, MSG_SERVER_BUSY),
);

function scrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return scryptQueue.run(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, KEYLEN, opts, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

// 128·N·r bytes are needed; Node's default maxmem (32 MiB) is too small for OWASP's N=2^17.
const options = (N: number, r: number, p: number): ScryptOptions => ({
  N,
  r,
  p,
  maxmem: 256 * N * r + 1024 * 1024,
});

/** Format: scrypt$N$r$p$salt$hash (base64). Parameters travel with the hash so they can be raised later. */
export async function hashPassword(
  password: string,
  params: { N: number; r: number; p: number },
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, options(params.N, params.r, params.p));
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), options(Number(n), Number(r), Number(p)));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, verified against when the email is unknown so both paths cost the same. */
let dummy: Promise<string> | undefined;
export function dummyHash(params: { N: number; r: number; p: number }): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString('base64'), params).catch((e: unknown) => {
    // Refused while the server was busy: the next unknown email tries again.
    dummy = undefined;
    throw e;
  });
  return dummy;
}

/** Random alphanumeric password (part 2 §9: 6 characters on the add-user form). */
export function randomPassword(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
