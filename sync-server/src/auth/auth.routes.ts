import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  LOGIN_FIELDS,
  ZLegacyLoginResponse,
  ZMessageResponse,
  ZSessionLoginResponse,
  ZSessionResponse,
  ZUser,
} from '@lawfirm/shared-types';
import { unauthorized } from '../http/errors.ts';
import type { AuthContext } from './auth.plugin.ts';
import { userAnswerFor } from './original-client.ts';
import { findUserById, isProviderCompany, toApiUser } from './users.repository.ts';
import { authenticate } from './login.service.ts';
import {
  createSession,
  findSession,
  findSessionByToken,
  revokeFamily,
  rotateRefreshToken,
} from './sessions.repository.ts';
import { signToken } from './tokens.ts';

export const REFRESH_COOKIE = 'lf_rt';
const COOKIE_PATH = '/api/auth';

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

/** Checks the credentials (answering 401/403 as the spec says) and opens a session of `kind` for the user. */
async function signIn(
  app: FastifyInstance,
  req: FastifyRequest,
  { email, password }: z.output<typeof LOGIN_FIELDS>,
  kind: 'legacy' | 'refresh',
) {
  // Both login calls count failures together, per account and per address (login-throttle.ts).
  const user = await authenticate(app, email, password, req.ip);
  const session = await createSession(app.db, {
    userId: user.id,
    companyId: user.company_id,
    kind,
    ttlSec: kind === 'legacy' ? app.config.legacyTokenTtlSec : app.config.refreshTokenTtlSec,
    userAgent: req.headers['user-agent'] ?? null,
  });
  return { user, session };
}

/** Logging out ends the session's whole family, so a refresh token rotated from it cannot revive it. */
async function endFamilyOf(app: FastifyInstance, session: { family_id: string } | undefined): Promise<void> {
  if (session) await revokeFamily(app.db, session.family_id);
}

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** The documented login of the original client: form fields in, {token} out (a working-day token). */
  app.post(
    '/api/login',
    { schema: { body: LOGIN_FIELDS, response: { 200: ZLegacyLoginResponse } } },
    async (req) => {
      const { user, session: s } = await signIn(app, req, req.body, 'legacy');
      const token = await signToken(
        app.config.jwtSecret,
        { sub: user.id, cid: user.company_id, sid: s.sessionId, typ: 'legacy' },
        app.config.legacyTokenTtlSec,
      );
      return { token, message: 'Login Successfully!' };
    },
  );

  /** The PWA's login: a minutes-long access token and a rotating refresh token in an httpOnly cookie. */
  app.post(
    '/api/auth/login',
    { schema: { body: LOGIN_FIELDS, response: { 200: ZSessionLoginResponse } } },
    async (req, reply) => {
      const { user, session: s } = await signIn(app, req, req.body, 'refresh');
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
    },
  );

  app.post('/api/auth/refresh', { schema: { response: { 200: ZSessionResponse } } }, async (req, reply) => {
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
  app.post('/api/auth/logout', { schema: { response: { 200: ZMessageResponse } } }, async (req, reply) => {
    const token = req.cookies[REFRESH_COOKIE];
    if (token) await endFamilyOf(app, await findSessionByToken(app.db, token));
    const ctx = await req.optionalAuth();
    if (ctx) await endFamilyOf(app, await findSession(app.db, ctx.sessionId));
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
    return { message: 'Logged out.' };
  });
  app.post(
    '/api/logout',
    { config: { auth: true }, schema: { response: { 200: ZMessageResponse } } },
    async (req) => {
      const ctx = await req.auth();
      await endFamilyOf(app, await findSession(app.db, ctx.sessionId));
      return { message: 'Logged out.' };
    },
  );

  /**
   * The current user (rest-contract #1): the whole user object is the response body. The auth check has just
   * read the user and firm rows; the answer is made from them rather than read again.
   */
  const currentUser = ({ user, actor }: AuthContext) => toApiUser(user, { isProvider: actor.is_provider });
  app.get(
    '/api/user',
    {
      config: { auth: true, answerCache: true },
      schema: { response: { 200: ZUser } },
    },
    // The original client knows the provider firm as company 1 (users/original-client.ts).
    async (req) => {
      const ctx = await req.auth();
      return userAnswerFor(req, ctx, currentUser(ctx));
    },
  );
}
