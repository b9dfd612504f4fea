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

/** Verifies with algorithm, issuer, audience and token type pinned; answers null for any bad token. */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const typ = payload.typ;
    if ((typ !== 'access' && typ !== 'legacy') || typeof payload.sub !== 'string') return null;
    if (typeof payload.cid !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, cid: payload.cid, sid: payload.sid, typ };
  } catch (e) {
    if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
    throw e;
  }
}

export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
