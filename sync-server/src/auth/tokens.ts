import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify, errors as joseErrors } from 'jose';
import type { Config } from '../config.ts';

export const ISSUER = 'elawfirm-sync-server';
export const AUDIENCE = 'elawfirm-api';
const ALG = 'HS256';

/** access: the PWA's minutes-long token; legacy: the original client's working-day token from POST /api/login. */
export type TokenType = 'access' | 'legacy';
export type TokenClaims = { sub: string; cid: string; sid: string; typ: TokenType };
/** What checking a token needs: the secret, and each kind's lifetime as this server is configured. */
export type TokenKeys = Pick<Config, 'jwtSecret' | 'accessTokenTtlSec' | 'legacyTokenTtlSec'>;

const lifetimeOf = (keys: TokenKeys, typ: TokenType) =>
  typ === 'access' ? keys.accessTokenTtlSec : keys.legacyTokenTtlSec;

export async function signToken(secret: Uint8Array, claims: TokenClaims, ttlSec: number): Promise<string> {
  // One clock reading for both: exp - iat is exactly the lifetime the verifier allows.
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ cid: claims.cid, sid: claims.sid, typ: claims.typ })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSec)
    .sign(secret);
}

/**
 * Tokens whose signature and claims were already verified, with their end: the earlier of `exp` and `iat` plus
 * their kind's lifetime. The answer of jwtVerify for a token depends only on the token, the keys and the clock,
 * so a token seen before needs only its end re-checked (as jwtVerify checks it): this is no cache of who may do
 * what, which the auth check reads from the database on every request. Per keys (a server's config), bounded;
 * the oldest entry makes room.
 */
const VERIFIED_MAX = 10_000;
const verifiedByKeys = new WeakMap<TokenKeys, Map<string, { claims: TokenClaims; exp: number }>>();

/**
 * The answer for a token verified before, without waiting: its claims, or null once it expired; undefined for
 * a token not seen yet (verifyToken then checks its signature).
 */
export function verifiedTokenNow(keys: TokenKeys, token: string): TokenClaims | null | undefined {
  let verified = verifiedByKeys.get(keys);
  if (!verified) verifiedByKeys.set(keys, (verified = new Map()));
  const seen = verified.get(token);
  if (!seen) return undefined;
  if (seen.exp > Math.floor(Date.now() / 1000)) return seen.claims;
  verified.delete(token);
  return null;
}

const isTokenType = (typ: unknown): typ is TokenType => typ === 'access' || typ === 'legacy';

/**
 * Verifies with algorithm, issuer, audience and token type pinned, and with the token's age capped at its
 * kind's configured lifetime (from `iat`, which it must carry, and which may not be in the future), whatever
 * its `exp` says: how long a sign-in lasts is the server's to say. Answers null for any bad token.
 */
export async function verifyToken(keys: TokenKeys, token: string): Promise<TokenClaims | null> {
  const known = verifiedTokenNow(keys, token);
  if (known !== undefined) return known;
  const verified = verifiedByKeys.get(keys)!;
  try {
    // The kind is read before the signature is checked only to choose the lifetime; jwtVerify then checks the
    // same (signed) payload, and the kind is checked again from it.
    const claimed = decodeJwt(token).typ;
    if (!isTokenType(claimed)) return null;
    const lifetime = lifetimeOf(keys, claimed);
    const { payload } = await jwtVerify(token, keys.jwtSecret, {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
      // A token without an expiry would be good forever, one without iat could not be aged: every token this
      // server signs has both.
      requiredClaims: ['exp', 'iat'],
      maxTokenAge: lifetime,
    });
    const typ = payload.typ;
    if (!isTokenType(typ) || typ !== claimed || typeof payload.sub !== 'string') return null;
    if (typeof payload.cid !== 'string' || typeof payload.sid !== 'string') return null;
    const claims: TokenClaims = { sub: payload.sub, cid: payload.cid, sid: payload.sid, typ };
    // Only a token with an expiry and no not-before time is remembered: its validity then changes only by time.
    if (typeof payload.exp === 'number' && typeof payload.iat === 'number' && payload.nbf === undefined) {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, exp: Math.min(payload.exp, payload.iat + lifetime) });
    }
    return claims;
  } catch (e) {
    if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
    throw e;
  }
}

export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
