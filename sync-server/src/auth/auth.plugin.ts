import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, MSG, type TActor, type TPermission } from '@lawfirm/shared-types';
import { forbidden, unauthorized } from '../http/errors.ts';
import {
  findSessionUser,
  findSessionUserNow,
  sessionUsersById,
  sessionUsersRead,
  type SessionUserRow,
} from './sessions.repository.ts';
import type { SessionRecheck } from '../sync/push.ts';
import { verifiedTokenNow, verifyToken, type TokenClaims } from './tokens.ts';
import { actorOf, type ApiUserRow } from './users.repository.ts';
import { toBool } from '../db/ids.ts';
import { dataGenerationNow, dbKindOf } from '../db/connect.ts';
import { speedSwitches } from '../speed/switches.ts';

export type AuthContext = {
  actor: TActor;
  user: ApiUserRow;
  sessionId: string;
  /** The user's firm's registered domain (links to a request on it stay there: auth/links.ts). */
  firmDomain: string | null;
};

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Resolves the signed-in user from the bearer token, or answers 401. Cached per request. */
    auth(): Promise<AuthContext>;
    /** Like auth(), then answers 403 unless the permission table allows the action. */
    authorize(permission: TPermission): Promise<AuthContext>;
    /** The signed-in user if a valid token came with the request, else null (public calls). */
    optionalAuth(): Promise<AuthContext | null>;
    /** An `authRechecked` route's request let in on its session's row read earlier: the check to make, else null. */
    sessionRecheck(): SessionRecheck | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * Who may call the route: any signed-in user (true) or one the permission table allows. Checked when the
     * request arrives, before its body is read or validated, so a caller without access is told 401/403,
     * never what is wrong with their input. The handler still reads its context with auth() (cached).
     */
    auth?: true | TPermission;
    /**
     * The route reads the session again inside the transaction that applies the request, before anything of it
     * applies, refuses it there if the session ended, and checks every permission there with the role read
     * then (the push writer: sessionRecheck, push.ts); so its `auth` is `true`, never a permission. On
     * PostgreSQL the check when the request arrives may then use the session's row last read in this process
     * instead of a round trip of its own; any answer but success re-reads it first (the onSend hook below), so
     * a caller whose session ended is told 401, never what else is wrong.
     */
    authRechecked?: true;
  }
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h || !h.startsWith('Bearer ')) return null;
  const t = h.slice(7).trim();
  // The original client sends the literal "Bearer null" when signed out.
  return t && t !== 'null' && t !== 'undefined' ? t : null;
}

/**
 * Contexts made from a session row given again (findSessionUserNow) for the same verified claims: the row and
 * the claims are the same objects while nothing changed, so the context is too (frozen: requests share it).
 * A legacy token's session also ends by the clock: its end is kept beside the context and checked every time.
 */
type Made = { claims: TokenClaims; ctx: AuthContext | null; endsAtMs: number };
const contexts = new WeakMap<NonNullable<SessionUserRow>, Made>();

/** The signed-in context of a session row read for `claims`, or null when the session no longer admits them. */
function contextOf(row: SessionUserRow, claims: TokenClaims): AuthContext | null {
  if (!row) return null;
  let made = contexts.get(row);
  if (made?.claims !== claims) {
    const endsAtMs = claims.typ === 'legacy' ? new Date(row.session_expires_at).getTime() : Infinity;
    made = { claims, ctx: makeContext(row, claims), endsAtMs };
    contexts.set(row, made);
  }
  // Ended (or unreadable, NaN): refused, as `expires_at < now` refused it.
  return made.endsAtMs >= Date.now() ? made.ctx : null;
}

function makeContext(row: NonNullable<SessionUserRow>, claims: TokenClaims): AuthContext | null {
  const {
    session_user_id: sessionUserId,
    session_revoked_at: revokedAt,
    session_expires_at: _expiresAt,
    company_is_provider: isProvider,
    company_domain: firmDomain,
    ...user
  } = row;
  if (revokedAt || sessionUserId !== claims.sub) return null;
  if (!toBool(user.is_approved) || user.company_id !== claims.cid) return null;
  return Object.freeze({
    actor: Object.freeze(actorOf(user, toBool(isProvider))),
    user: Object.freeze(user),
    sessionId: claims.sid,
    firmDomain: firmDomain ?? null,
  });
}

/**
 * The database generation a request's auth check was answered at: SQLite's when answered at once, PostgreSQL's
 * snapshot (`pg:` and pg_current_snapshot()) read in the auth check's own statement.
 */
const generations = new WeakMap<FastifyRequest, string>();

/**
 * The generation the request's signed-in context was read at, if it was read at once: a later read of the same
 * request at this generation sees the same database (http/answer-cache.ts keys kept answers by it).
 */
export const authGeneration = (req: FastifyRequest): string | undefined => generations.get(req);

/**
 * Every request re-reads the user and session rows: blocking, un-approving or deleting a user, or logging out,
 * takes effect at the very next request, whatever token the device still holds. One query reads the session,
 * its live user and the firm's provider flag together (the check every request pays). A token verified before
 * and a database that can read at once (SQLite, idle) answer without waiting; otherwise the answer is a promise.
 * On SQLite the rows read are given again while the database's generation is unchanged (findSessionUserNow):
 * the very next request after any commit, in this process or another, reads them anew.
 */
function resolve(
  app: FastifyInstance,
  req: FastifyRequest,
): AuthContext | null | Promise<AuthContext | null> {
  const token = bearer(req);
  if (!token) return null;
  const known = verifiedTokenNow(app.config, token);
  if (known === null) return null;
  const rechecked =
    req.routeOptions.config.authRechecked && speedSwitches().pgPushAuth && dbKindOf(app.db) === 'postgres';
  if (known && rechecked) {
    const seen = lastRowsOf(app.db).get(known.sid);
    const ctx = seen && contextOf(seen, known);
    if (ctx) {
      provisional.set(req, known);
      return ctx;
    }
  }
  if (known) {
    const generation = dataGenerationNow(app.db);
    const now = findSessionUserNow(app.db, known.sid, generation);
    if (now) {
      if (generation !== undefined) generations.set(req, generation);
      return contextOf(now.row, known);
    }
  }
  return (async () => {
    const claims = known ?? (await verifyToken(app.config, token));
    if (!claims) return null;
    const row = await findSessionUser(app.db, claims.sid);
    if (rechecked) remember(app.db, claims.sid, row);
    // PostgreSQL: the snapshot the auth check read at (sessions.repository.ts), the answer cache's generation.
    const snapshot = (row as { data_generation?: string } | undefined)?.data_generation;
    if (snapshot !== undefined) generations.set(req, `pg:${snapshot}`);
    return contextOf(row, claims);
  })();
}

/**
 * Sessions' rows as last read in this process for a route whose transaction reads them again
 * (`authRechecked`), per database and by session id: most recently read last, at most LAST_ROWS_MAX of them.
 */
const lastRows = new WeakMap<object, Map<string, NonNullable<SessionUserRow>>>();
const LAST_ROWS_MAX = 10_000;

function lastRowsOf(db: object): Map<string, NonNullable<SessionUserRow>> {
  let rows = lastRows.get(db);
  if (!rows) lastRows.set(db, (rows = new Map()));
  return rows;
}

function remember(db: object, sessionId: string, row: SessionUserRow): void {
  const rows = lastRowsOf(db);
  rows.delete(sessionId);
  if (!row) return;
  rows.set(sessionId, row);
  if (rows.size > LAST_ROWS_MAX) rows.delete(rows.keys().next().value!);
}

/** Requests let in on a session row read earlier (`authRechecked`), with the claims of their token. */
const provisional = new WeakMap<FastifyRequest, TokenClaims>();

/** The rows of a sessions' read by session id, made once per read (each push of a group looks its own up). */
const rowsById = new WeakMap<readonly Record<string, unknown>[], Map<string, SessionUserRow>>();

/**
 * For a request to an `authRechecked` route let in on a session row read earlier: the check the transaction
 * applying it makes before anything of it applies (sync/push.ts). Null when the session was read as it arrived.
 */
function sessionRecheck(req: FastifyRequest): SessionRecheck | null {
  const claims = provisional.get(req);
  if (!claims) return null;
  const db = req.server.db;
  return {
    sessionId: claims.sid,
    read: sessionUsersRead,
    actorFrom: (rows) => {
      let byId = rowsById.get(rows);
      if (!byId)
        rowsById.set(rows, (byId = sessionUsersById(rows as Parameters<typeof sessionUsersById>[0])));
      const row = byId.get(claims.sid);
      remember(db, claims.sid, row);
      return contextOf(row, claims)?.actor ?? null;
    },
  };
}

/**
 * Whether the request may be told anything but 401: true unless it was let in on a session row read earlier
 * and its session has ended since (read again now).
 */
async function stillSignedIn(req: FastifyRequest): Promise<boolean> {
  const claims = provisional.get(req);
  if (!claims) return true;
  provisional.delete(req);
  const row = await findSessionUser(req.server.db, claims.sid);
  remember(req.server.db, claims.sid, row);
  return contextOf(row, claims) !== null;
}

/** Why a request may not go on (401 or 403), or null when it may. */
function refusal(ctx: AuthContext | null, need: true | TPermission): Error | null {
  if (!ctx) return unauthorized(MSG.unauthenticated);
  return need !== true && !can(ctx.actor, need) ? forbidden() : null;
}

/** Each request's signed-in context, resolved once (a promise while the database is read). */
const cache = new WeakMap<FastifyRequest, AuthContext | null | Promise<AuthContext | null>>();

/** The request's signed-in context when already resolved (the auth check ran and answered at once). */
export function authContextNow(req: FastifyRequest): AuthContext | null | undefined {
  const r = cache.get(req);
  return r instanceof Promise ? undefined : r;
}

export default fp(async (app: FastifyInstance) => {
  const get = (req: FastifyRequest) => {
    let r = cache.get(req);
    if (r === undefined) {
      const read = (r = resolve(app, req));
      cache.set(req, read);
      // Once read, the context is kept as a value, so code after auth() reads it at once (authContextNow). This
      // callback was added first, so it runs before any awaiting auth() goes on; a failure is theirs to handle.
      if (read instanceof Promise)
        void read.then(
          (ctx) => void cache.set(req, ctx),
          () => undefined,
        );
    }
    return r;
  };
  app.decorateRequest('optionalAuth', async function (this: FastifyRequest) {
    return get(this);
  });
  app.decorateRequest('auth', async function (this: FastifyRequest) {
    const ctx = await get(this);
    if (!ctx) throw unauthorized(MSG.unauthenticated);
    return ctx;
  });
  app.decorateRequest('sessionRecheck', function (this: FastifyRequest) {
    return sessionRecheck(this);
  });
  app.decorateRequest('authorize', async function (this: FastifyRequest, permission: TPermission) {
    const ctx = await this.auth();
    if (!can(ctx.actor, permission)) throw forbidden();
    return ctx;
  });
  // A callback hook: when the check is answered at once, the request goes on in the same turn.
  app.addHook('onRequest', (req, _reply, done) => {
    const need = req.routeOptions.config.auth;
    if (!need) return done();
    const r = get(req);
    if (r instanceof Promise)
      r.then(
        (ctx) => done(refusal(ctx, need) ?? undefined),
        (e: unknown) => done(e instanceof Error ? e : new Error(String(e))),
      );
    else done(refusal(r, need) ?? undefined);
  });
  // A request let in on its session's row read earlier (`authRechecked`) whose session has ended is told so,
  // not what else is wrong with it (its body, a refusal of the route).
  // A callback hook: every other answer goes on in the same turn.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode < 400 || reply.statusCode === 401 || !provisional.has(req))
      return done(null, payload);
    void stillSignedIn(req)
      .catch(() => true)
      .then((signedIn) => {
        if (signedIn) return done(null, payload);
        void reply.code(401).type('application/json; charset=utf-8').removeHeader('content-encoding');
        done(null, JSON.stringify({ message: MSG.unauthenticated }));
      });
  });
  // Every answer that depends on who asks is kept by no cache: see personalCacheControl.
  app.addHook('onSend', (req, reply, payload, done) => {
    const own = reply.getHeader('cache-control');
    const value = personalCacheControl(req, typeof own === 'string' ? own : undefined, {
      setsCookie: reply.hasHeader('set-cookie'),
      signedIn: !!authContextNow(req),
    });
    if (value !== undefined) void reply.header('cache-control', value);
    done(null, payload);
  });
});

/** What an answer that depends on who asks says to caches (RFC 9111): no one keeps it, not even the browser. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * The Cache-Control an answer must carry because it depends on who asks, or undefined to leave it as the route
 * set it. Such an answer is one to a route that needs sign-in, to a request carrying a token (a bearer, or a
 * signed link's `sig`), for which a signed-in user was read, that sets a cookie (the sign-ins), to a write (its
 * answer is about the caller's data), or one its route itself calls private. A file served by its content hash
 * (private and immutable: the URL never names other bytes) keeps its caching: the browser may keep it for good.
 * Public files and pages (the app's assets, the published pages) carry none of these and keep their own.
 */
export function personalCacheControl(
  req: FastifyRequest,
  own: string | undefined,
  answer: { setsCookie: boolean; signedIn: boolean },
): string | undefined {
  const ownPrivate = own !== undefined && /\bprivate\b/i.test(own);
  if (ownPrivate && /\bimmutable\b/i.test(own)) return undefined;
  const personal =
    ownPrivate ||
    answer.signedIn ||
    answer.setsCookie ||
    !!req.routeOptions.config.auth ||
    (req.method !== 'GET' && req.method !== 'HEAD') ||
    req.headers.authorization !== undefined ||
    (typeof req.query === 'object' && req.query !== null && 'sig' in req.query);
  return personal ? PERSONAL_CACHE_CONTROL : undefined;
}
