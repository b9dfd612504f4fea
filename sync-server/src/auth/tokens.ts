import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export const ISSUER = 'elawfirm-sync-server';
export const AUDIENCE = 'elawfirm-api';
const ALG = 'HS256';

/** access: the PWA's minutes-long token; legacy: the original client's working-day token from POST /api/login. */
export type TokenType = 'access' | 'legacy';
export type TokenClaims = { sub: string; cid: string; sid: string; typ: TokenType };

export async function signToken(secret: Uint8Array, claims: TokenClaims, ttlSec: number): Promise<string> {
  return new SignJWT({ cid: claims.cid, sid: claims.sid, typ: claims.typ })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSec)
    .sign(secret);
}

/**
 * Tokens whose signature and claims were already verified, with their expiry. The answer of jwtVerify for a
 * token depends only on the token, the secret and the clock, so a token seen before needs only its expiry
 * re-checked (as jwtVerify checks it): this is no cache of who may do what, which the auth check reads from the
 * database on every request. Bounded; the oldest entry makes room.
 */
const VERIFIED_MAX = 10_000;
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, { claims: TokenClaims; exp: number }>>();

/**
 * The answer for a token verified before, without waiting: its claims, or null once it expired; undefined for
 * a token not seen yet (verifyToken then checks its signature).
 */
export function verifiedTokenNow(secret: Uint8Array, token: string): TokenClaims | null | undefined {
  let verified = verifiedBySecret.get(secret);
  if (!verified) verifiedBySecret.set(secret, (verified = new Map()));
  const seen = verified.get(token);
  if (!seen) return undefined;
  if (seen.exp > Math.floor(Date.now() / 1000)) return seen.claims;
  verified.delete(token);
  return null;
}

/** Verifies with algorithm, issuer, audience and token type pinned; answers null for any bad token. */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  const known = verifiedTokenNow(secret, token);
  if (known !== undefined) return known;
  const verified = verifiedBySecret.get(secret)!;
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
      // A token without an expiry would be good forever: every token this server signs has one.
      requiredClaims: ['exp'],
    });
    const typ = payload.typ;
    if ((typ !== 'access' && typ !== 'legacy') || typeof payload.sub !== 'string') return null;
    if (typeof payload.cid !== 'string' || typeof payload.sid !== 'string') return null;
    const claims: TokenClaims = { sub: payload.sub, cid: payload.cid, sid: payload.sid, typ };
    // Only a token with an expiry and no not-before time is remembered: its validity then changes only by expiry.
    if (typeof payload.exp === 'number' && payload.nbf === undefined) {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, exp: payload.exp });
    }
    return claims;
  } catch (e) {
    if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
    throw e;
  }
}

export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
