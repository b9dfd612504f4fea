import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  ZPowSolution,
  type TCaptchaChallenge,
  type TPowChallenge,
  type TPowSolution,
} from '@lawfirm/shared-types';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';

/**
 * The sign-up bot check (see shared-types/src/auth/captcha.ts for the client side). The server keeps no state
 * for an issued puzzle: the HMAC signature proves it made the challenge, and the expiry travels inside the salt,
 * which the challenge hashes, so neither can be changed without breaking the signature. Only spent signatures
 * are stored, to refuse a replay until the puzzle would have expired anyway.
 */

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A key of its own, derived from the JWT secret, so a puzzle signature can never pass as anything else. */
const captchaKey = (secret: Uint8Array) =>
  createHmac('sha256', secret).update('elawfirm captcha key v1').digest();

const sign = (secret: Uint8Array, challenge: string) =>
  createHmac('sha256', captchaKey(secret)).update(challenge).digest('hex');

export function createChallenge(
  config: Pick<Config, 'jwtSecret' | 'captcha'>,
  nowMs: number = Date.now(),
): TPowChallenge {
  const expires = Math.floor(nowMs / 1000) + config.captcha.ttlSec;
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
  const challenge = sha256Hex(salt + String(randomInt(0, config.captcha.maxNumber + 1)));
  return {
    provider: 'pow',
    algorithm: 'SHA-256',
    challenge,
    salt,
    signature: sign(config.jwtSecret, challenge),
    maxnumber: config.captcha.maxNumber,
  };
}

/** What GET /api/captcha/challenge answers: Google's site key when reCAPTCHA is configured, else a puzzle. */
export function challengeFor(config: Config): TCaptchaChallenge {
  const { recaptchaSiteKey, recaptchaSecret } = config.captcha;
  if (recaptchaSiteKey && recaptchaSecret) return { provider: 'recaptcha', site_key: recaptchaSiteKey };
  return createChallenge(config);
}

function decodeSolution(token: string): TPowSolution | null {
  try {
    const r = ZPowSolution.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Unix seconds from the salt's `expires` parameter, or null when the salt carries none. */
function expiryOf(salt: string): number | null {
  const q = salt.indexOf('?');
  if (q < 0) return null;
  const expires = Number(new URLSearchParams(salt.slice(q + 1)).get('expires'));
  return Number.isInteger(expires) && expires > 0 ? expires : null;
}

/**
 * Checks a solved puzzle and spends it. Answers false for anything wrong (bad encoding, foreign signature,
 * expired, wrong number, already used). The spend is committed on its own, before the sign-up's transaction:
 * a sign-up that then fails (email taken) must not give the puzzle back, or one solve would buy many probes.
 */
export async function verifyPow(db: Db, config: Config, token: string, nowMs = Date.now()): Promise<boolean> {
  const s = decodeSolution(token);
  if (!s) return false;
  const expected = Buffer.from(sign(config.jwtSecret, s.challenge), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(s.signature, 'hex'))) return false;
  const expires = expiryOf(s.salt);
  if (expires === null || expires * 1000 <= nowMs) return false;
  // A puzzle lives no longer than the server hands them out for, whatever expiry it was signed with.
  if (expires * 1000 > nowMs + config.captcha.ttlSec * 1000) return false;
  if (sha256Hex(s.salt + String(s.number)) !== s.challenge) return false;

  const now = new Date(nowMs).toISOString();
  // Spent entries matter only until their puzzle expires; clearing them here keeps the table small.
  await db.deleteFrom('captcha_spent').where('expires_at', '<', now).execute();
  const r = await db
    .insertInto('captcha_spent')
    .values({ signature: s.signature, expires_at: new Date(expires * 1000).toISOString() })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Google's answer; v3 adds score and action, v2 has neither. */
const ZSiteVerify = z.object({
  success: z.boolean(),
  action: z.string().optional(),
  score: z.number().optional(),
});

/** Asks Google whether a reCAPTCHA token is good for a sign-up. Any failure to ask counts as not verified. */
export async function verifyRecaptcha(
  secret: string,
  token: string,
  remoteIp: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }).toString(),
      signal: AbortSignal.timeout(5000),
    });
    const r = ZSiteVerify.safeParse(await res.json());
    if (!r.success) return false;
    const { success, action, score } = r.data;
    return success && (action === undefined || action === 'signup') && (score === undefined || score >= 0.5);
  } catch (err) {
    log.warn({ err }, 'reCAPTCHA verification could not be reached');
    return false;
  }
}

/** Verifies a sign-up's `recaptcha_token` with whichever check this server hands out. */
export async function verifyCaptcha(
  db: Db,
  config: Config,
  token: string,
  remoteIp: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const { recaptchaSiteKey, recaptchaSecret } = config.captcha;
  if (recaptchaSiteKey && recaptchaSecret) return verifyRecaptcha(recaptchaSecret, token, remoteIp, log);
  return verifyPow(db, config, token);
}
