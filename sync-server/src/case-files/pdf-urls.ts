import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TActor } from '@lawfirm/shared-types';
import { linkOrigin } from '../auth/links.ts';
import { authContextNow } from '../auth/auth.plugin.ts';

/**
 * The original client opens PDF links in a new tab or an <a download>, which sends no bearer token. So every
 * PDF URL the server hands out carries its own short-lived signature: the path, the firm and the user it was
 * made for, and an expiry. The PDF routes accept either a bearer token or such a `?sig=`.
 */
const SIG_TTL_SEC = 10 * 60;

// A key of its own, derived from the JWT secret: a PDF signature can never be replayed as (or forged from) a
// token, and rotating the JWT secret invalidates both.
const keys = new WeakMap<Uint8Array, Buffer>();
function keyOf(app: FastifyInstance): Buffer {
  const secret = app.config.jwtSecret;
  let k = keys.get(secret);
  if (!k) {
    k = Buffer.from(hkdfSync('sha256', secret, 'lawfirm-pdf-url', 'pdf url signature v1', 32));
    keys.set(secret, k);
  }
  return k;
}

const macOf = (app: FastifyInstance, path: string, companyId: string, userId: string, exp: number) =>
  createHmac('sha256', keyOf(app)).update(`${path}\n${companyId}\n${userId}\n${exp}`).digest('base64url');

/**
 * The site origin links are made for, as for mails (auth/links.ts): the firm's registered domain when the
 * request came there, else the configured site; never the request's own Host header. The firm's domain comes
 * with the signed-in context the route has read (every route that hands out links needs sign-in).
 */
function originOf(app: FastifyInstance, req: FastifyRequest, actor: TActor): string {
  const ctx = authContextNow(req);
  return linkOrigin(app.config, req, ctx?.actor.company_id === actor.company_id ? ctx.firmDomain : null);
}

/**
 * An absolute, signed URL of a PDF route (`path` starts with /api/pdf/), valid for ten minutes or a little more:
 * the expiry is the next whole minute after that, so the same list asked twice within a minute is the same
 * bytes (on PostgreSQL, where every answer is computed, a link signed a second later made them differ).
 */
export function pdfUrl(app: FastifyInstance, req: FastifyRequest, path: string, actor: TActor): string {
  const exp = Math.ceil((Date.now() / 1000 + SIG_TTL_SEC) / 60) * 60;
  const sig = `${actor.id}.${actor.company_id}.${exp}.${macOf(app, path, actor.company_id, actor.id, exp)}`;
  return `${originOf(app, req, actor)}${path}?sig=${encodeURIComponent(sig)}`;
}

/**
 * Who a `?sig=` was made for, when it is genuine, unexpired and made for exactly this path (no query string);
 * null otherwise. The caller must still load that user (blocked or deleted users get nothing) and check they
 * may read the case file, as for a bearer token.
 */
export function verifyPdfSig(
  app: FastifyInstance,
  path: string,
  sig: string | null | undefined,
): { userId: string; companyId: string } | null {
  if (typeof sig !== 'string' || sig.length > 300) return null;
  const parts = sig.split('.');
  if (parts.length !== 4) return null;
  const [userId, companyId, expText, mac] = parts as [string, string, string, string];
  const exp = Number(expText);
  const now = Date.now() / 1000;
  if (!userId || !companyId || !/^\d+$/.test(expText) || exp < now) return null;
  // No link lives longer than the server makes them (ten minutes, rounded up to a whole minute), whatever expiry
  // it was signed with.
  if (exp > now + SIG_TTL_SEC + 60) return null;
  const want = Buffer.from(macOf(app, path, companyId, userId, exp));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return { userId, companyId };
}
