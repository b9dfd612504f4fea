/**
 * The sign-up bot check. By default the server hands out a proof-of-work puzzle (altcha-style, no outside
 * service): find the number n in [0, maxnumber] with SHA-256(salt + n) = challenge. A browser solves it in well
 * under a second; a bot has to pay that cost for every sign-up. A firm that configured reCAPTCHA gets its site
 * key instead and the client asks Google for a token with action 'signup'.
 */
import { z } from 'zod';

export const ZPowChallenge = z.object({
  provider: z.literal('pow'),
  algorithm: z.literal('SHA-256'),
  /** Hex SHA-256 of salt + the secret number. */
  challenge: z.string(),
  /** Random hex with the expiry inside (`<hex>?expires=<unix seconds>`), so the signature covers the expiry. */
  salt: z.string(),
  /** Hex HMAC-SHA256 of the challenge with a server key: proves the server made this puzzle. */
  signature: z.string(),
  maxnumber: z.number().int(),
});
export type TPowChallenge = z.infer<typeof ZPowChallenge>;
export const ZRecaptchaChallenge = z.object({ provider: z.literal('recaptcha'), site_key: z.string() });
export type TRecaptchaChallenge = z.infer<typeof ZRecaptchaChallenge>;
/** GET /api/captcha/challenge. */
export const ZCaptchaChallenge = z.discriminatedUnion('provider', [ZPowChallenge, ZRecaptchaChallenge]);
export type TCaptchaChallenge = z.infer<typeof ZCaptchaChallenge>;

/** What the client sends back, base64-encoded JSON, as `recaptcha_token`. */
export const ZPowSolution = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().min(0),
  salt: z.string().min(1).max(200),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TPowSolution = z.infer<typeof ZPowSolution>;

const toHex = (buf: ArrayBuffer): string =>
  Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

/** Digests this many candidates at once: subtle.digest is async, and one-at-a-time awaits waste most of the time. */
const BATCH = 256;

/**
 * Finds the secret number and answers the token to send as `recaptcha_token`. Uses WebCrypto only, so it runs
 * the same in the browser and in Node 20. Rejects when no number up to maxnumber fits (a tampered challenge).
 */
export async function solveChallenge(ch: TPowChallenge): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const encoder = new TextEncoder();
  const target = ch.challenge.toLowerCase();
  for (let start = 0; start <= ch.maxnumber; start += BATCH) {
    const end = Math.min(start + BATCH - 1, ch.maxnumber);
    const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const hashes = await Promise.all(
      numbers.map((n) => subtle.digest('SHA-256', encoder.encode(ch.salt + String(n)))),
    );
    const hit = hashes.findIndex((h) => toHex(h) === target);
    if (hit >= 0) {
      const solution: TPowSolution = {
        algorithm: ch.algorithm,
        challenge: ch.challenge,
        number: start + hit,
        salt: ch.salt,
        signature: ch.signature,
      };
      // Every field is ASCII (hex, digits, "?expires="), so btoa is safe here.
      return btoa(JSON.stringify(solution));
    }
  }
  throw new Error('The bot check could not be solved. Please reload and try again.');
}
