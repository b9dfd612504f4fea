import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_FIELDS } from '@lawfirm/shared-types';
import { parse, unauthorized } from '../http/errors.ts';
import { findUserById, isProviderCompany, toApiUser } from '../users/users.repository.ts';
import { authenticate } from './login.service.ts';
import {
  createSession,
  findSessionByToken,
  revokeFamily,
  rotateRefreshToken,
} from './sessions.repository.ts';
import { signToken } from './tokens.ts';

export const REFRESH_COOKIE = 'lf_rt';
const COOKIE_PATH = '/api/auth';

/** Rate limit keyed by address and email, checked before any password hashing happens. */
export const loginRateLimit = (app: FastifyInstance) => ({
  max: app.config.rateLimit.loginPerMinute,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => {
    const email = (req.body as Record<string, unknown> | undefined)?.email;
    return `${req.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
  },
  errorResponseBuilder: () => ({
    statusCode: 429,
    message: 'Too many login attempts. Please wait a minute and try again.',
  }),
});

function setRefreshCookie(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: COOKIE_PATH,
    secure: app.config.secureCookies || req.protocol === 'https',
    maxAge: app.config.refreshTokenTtlSec,
  });
}

async function userPayload(app: FastifyInstance, userId: string) {
  const user = await findUserById(app.db, userId);
  if (!user) throw unauthorized();
  return toApiUser(user, { isProvider: await isProviderCompany(app.db, user.company_id) });
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  /** The documented login of the original client: form fields in, {token} out (a working-day token). */
  app.post('/api/login', { config: { rateLimit: loginRateLimit(app) } }, async (req) => {
    const { email, password } = parse(LOGIN_FIELDS, req.body);
    const user = await authenticate(app, email, password);
    const s = await createSession(app.db, {
      userId: user.id,
      companyId: user.company_id,
      kind: 'legacy',
      ttlSec: app.config.legacyTokenTtlSec,
      userAgent: req.headers['user-agent'] ?? null,
    });
    const token = await signToken(
      app.config.jwtSecret,
      { sub: user.id, cid: user.company_id, sid: s.sessionId, typ: 'legacy' },
      app.config.legacyTokenTtlSec,
    );
    return { token, message: 'Login Successfully!' };
  });

  /** The PWA's login: a minutes-long access token and a rotating refresh token in an httpOnly cookie. */
  app.post('/api/auth/login', { config: { rateLimit: loginRateLimit(app) } }, async (req, reply) => {
    const { email, password } = parse(LOGIN_FIELDS, req.body);
    const user = await authenticate(app, email, password);
    const s = await createSession(app.db, {
      userId: user.id,
      companyId: user.company_id,
      kind: 'refresh',
      ttlSec: app.config.refreshTokenTtlSec,
      userAgent: req.headers['user-agent'] ?? null,
    });
    setRefreshCookie(app, req, reply, s.token);
    const access_token = await signToken(
      app.config.jwtSecret,
      { sub: user.id, cid: user.company_id, sid: s.sessionId, typ: 'access' },
      app.config.accessTokenTtlSec,
    );
    return {
      access_token,
      expires_in: app.config.accessTokenTtlSec,
      user: await userPayload(app, user.id),
      message: 'Login Successfully!',
    };
  });

  app.post('/api/auth/refresh', async (req, reply) => {
    const token = req.cookies[REFRESH_COOKIE];
    if (!token) throw unauthorized('Your session has ended. Please log in again.');
    const r = await rotateRefreshToken(app.db, token, {
      ttlSec: app.config.refreshTokenTtlSec,
      graceSec: app.config.refreshGraceSec,
      userAgent: req.headers['user-agent'] ?? null,
    });
    if (r.kind !== 'ok') {
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      throw unauthorized('Your session has ended. Please log in again.');
    }
    // The account may have been blocked or deleted since: auth on the new token re-checks the user row.
    const user = await findUserById(app.db, r.userId);
    if (!user || user.is_approved !== 1) {
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      throw unauthorized('Your session has ended. Please log in again.');
    }
    setRefreshCookie(app, req, reply, r.token);
    const access_token = await signToken(
      app.config.jwtSecret,
      { sub: r.userId, cid: r.companyId, sid: r.sessionId, typ: 'access' },
      app.config.accessTokenTtlSec,
    );
    return { access_token, expires_in: app.config.accessTokenTtlSec, user: await userPayload(app, r.userId) };
  });

  /** Ends the session family of the refresh cookie and of the bearer token, whichever came. */
  app.post('/api/auth/logout', async (req, reply) => {
    const token = req.cookies[REFRESH_COOKIE];
    if (token) {
      const s = await findSessionByToken(app.db, token);
      if (s) await revokeFamily(app.db, s.family_id);
    }
    const ctx = await req.optionalAuth();
    if (ctx) {
      const s = await app.db
        .selectFrom('sessions')
        .select('family_id')
        .where('id', '=', ctx.sessionId)
        .executeTakeFirst();
      if (s) await revokeFamily(app.db, s.family_id);
    }
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
    return { message: 'Logged out.' };
  });
  app.post('/api/logout', async (req) => {
    const ctx = await req.auth();
    const s = await app.db
      .selectFrom('sessions')
      .select('family_id')
      .where('id', '=', ctx.sessionId)
      .executeTakeFirst();
    if (s) await revokeFamily(app.db, s.family_id);
    return { message: 'Logged out.' };
  });

  /** The current user (rest-contract #1): the whole user object is the response body. */
  app.get('/api/user', async (req) => {
    // The auth check has just read the user and firm rows; answer from them rather than read them again.
    const { user, actor } = await req.auth();
    return toApiUser(user, { isProvider: actor.is_provider });
  });
}
