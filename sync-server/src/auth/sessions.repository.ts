import { sql } from 'kysely';
import { dbKindOf, type Db } from '../db/connect.ts';
import { API_USER_COLUMNS } from './users.repository.ts';
import { newId, nowIso } from '../db/ids.ts';
import { precompiled, readPrecompiledNow, runPrecompiled } from '../db/precompiled.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

export async function createSession(
  db: Db,
  args: {
    userId: string;
    companyId: string;
    kind: 'refresh' | 'legacy';
    ttlSec: number;
    userAgent?: string | null;
    familyId?: string;
  },
): Promise<{ sessionId: string; token: string; familyId: string }> {
  const token = newOpaqueToken();
  const sessionId = newId();
  const familyId = args.familyId ?? sessionId;
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      company_id: args.companyId,
      user_id: args.userId,
      family_id: familyId,
      kind: args.kind,
      token_hash: hashToken(token),
      created_at: nowIso(),
      expires_at: inSeconds(args.ttlSec),
      rotated_at: null,
      revoked_at: null,
      user_agent: args.userAgent?.slice(0, 255) ?? null,
    })
    .execute();
  return { sessionId, token, familyId };
}

export const findSessionByToken = (db: Db, token: string) =>
  db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();

export const findSession = (db: Db, id: string) =>
  db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * What the auth check of every request needs, in one indexed read (primary keys only): the session, its live
 * user's answer columns (none when the user was deleted), whether the user's firm is the provider and its
 * registered domain (where the links it is handed point, auth/links.ts). Every
 * request runs it, so it is compiled once (runPrecompiled), not at each request.
 */
const sessionUserQuery = (d: Db) =>
  d
    .selectFrom('sessions')
    .innerJoin('users', (j) =>
      j.onRef('users.id', '=', 'sessions.user_id').on('users.deleted_at', 'is', null),
    )
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select(API_USER_COLUMNS.map((c) => `users.${c}` as const))
    .select([
      'sessions.user_id as session_user_id',
      'sessions.revoked_at as session_revoked_at',
      'sessions.expires_at as session_expires_at',
      'companies.is_provider as company_is_provider',
      'companies.domain as company_domain',
    ])
    .where('sessions.id', '=', '')
    // PostgreSQL: the snapshot the row was read at, the generation of the answers kept for this request
    // (http/answer-cache.ts): read in the same statement, so it costs no round trip.
    .$if(dbKindOf(d) === 'postgres', (q) =>
      q.select(sql<string>`pg_current_snapshot()::text`.as('data_generation')),
    );

type SessionUserRowOf = Awaited<ReturnType<typeof findSessionUserAlone>>;
export type SessionUserRow = SessionUserRowOf;

async function findSessionUserAlone(db: Db, sessionId: string) {
  const rows = await runPrecompiled(db, 'auth.sessionUser', sessionUserQuery, [sessionId]);
  return rows[0];
}

/**
 * The auth checks of every request that arrived in one turn of the event loop, read with one statement (the
 * same columns, `sessions.id = any($1)`). On PostgreSQL each check was a round trip of its own, and the
 * pool's round trips, not the server's work, set the pace of every signed-in call (/api/user 0.13 of a
 * hello-world route with one statement per request). Exact as before: the statement is sent after every request
 * of the batch arrived, so each sees every commit made before it came; the snapshot read with it is the
 * generation of each of them.
 */
const sessionUsersQuery = (d: Db) =>
  sessionUserQuery(d)
    .clearWhere()
    .select('sessions.id as session_id')
    .where(sql<boolean>`sessions.id = any(${sql.val<string[]>([])}::text[])`);

/** Session ids read in one statement at most (a turn of a server under thousands of connections). */
const SESSION_BATCH_MAX = 500;

type Waiter = { resolve: (row: SessionUserRow) => void; reject: (e: unknown) => void };
const pendingChecks = new WeakMap<Db, Map<string, Waiter[]>>();

/**
 * The auth check's rows of the sessions `ids`, in one statement (PostgreSQL), by session id; a session without
 * one (ended, its user deleted) is not in the map. One row object per session: requests of one session share
 * it, and the context made from it (auth.plugin.ts). The push writer sends the same statement beside its
 * group's opening one (sessionUsersRead, through auth.plugin.ts sessionRecheck).
 */
async function readSessionUsers(db: Db, ids: string[]): Promise<Map<string, SessionUserRow>> {
  return sessionUsersById((await db.executeQuery(sessionUsersRead(db, ids))).rows);
}

/** readSessionUsers' statement, for a caller that sends it with others (push.ts). */
export const sessionUsersRead = (db: Db, ids: string[]) =>
  precompiled(db, 'auth.sessionUsers', sessionUsersQuery, [ids]);

/** readSessionUsers' answer from the rows of its statement. */
export function sessionUsersById(
  rows: readonly ({ session_id: string } & NonNullable<SessionUserRow>)[],
): Map<string, SessionUserRow> {
  const byId = new Map<string, SessionUserRow>();
  for (const { session_id: id, ...row } of rows) byId.set(id, row);
  return byId;
}

async function readBatch(db: Db, waiting: Map<string, Waiter[]>): Promise<void> {
  try {
    const byId = await readSessionUsers(db, [...waiting.keys()]);
    for (const [id, ws] of waiting) for (const w of ws) w.resolve(byId.get(id));
  } catch (e) {
    for (const ws of waiting.values()) for (const w of ws) w.reject(e);
  }
}

export async function findSessionUser(db: Db, sessionId: string): Promise<SessionUserRow> {
  if (dbKindOf(db) !== 'postgres') return findSessionUserAlone(db, sessionId);
  return new Promise<SessionUserRow>((resolve, reject) => {
    let waiting = pendingChecks.get(db);
    if (!waiting) {
      const batch = (waiting = new Map());
      pendingChecks.set(db, batch);
      // After the poll phase: every request whose bytes this turn read has asked by then.
      setImmediate(() => {
        if (pendingChecks.get(db) === batch) pendingChecks.delete(db);
        void readBatch(db, batch);
      });
    }
    const ws = waiting.get(sessionId);
    if (ws) ws.push({ resolve, reject });
    else waiting.set(sessionId, [{ resolve, reject }]);
    // A full batch goes now; the next request starts another.
    if (waiting.size >= SESSION_BATCH_MAX) pendingChecks.delete(db);
  });
}

/** Session rows read at a database generation, per database (adapter), for findSessionUserNow. */
const sessionRowsRead = new WeakMap<object, Map<string, { generation: string; row: SessionUserRow }>>();
const SESSION_ROWS_MAX = 10_000;

/**
 * findSessionUser answered at once where the database can (readPrecompiledNow); else undefined. `generation`
 * is the database's generation read just before (db/connect.ts dataGenerationNow): a row read at that same
 * generation is given again without a query, which is exact, not a time-out: any write on this connection and
 * any commit by another process (a block, a logout, a deletion on another server) moves the generation, and the
 * next request reads the row anew.
 */
export function findSessionUserNow(
  db: Db,
  sessionId: string,
  generation: string | undefined,
): { row: SessionUserRow } | undefined {
  const adapter = db.getExecutor().adapter;
  let read = sessionRowsRead.get(adapter);
  if (generation !== undefined && read) {
    const seen = read.get(sessionId);
    if (seen?.generation === generation) return { row: seen.row };
  }
  const rows = readPrecompiledNow(db, 'auth.sessionUser', sessionUserQuery, [sessionId]);
  if (!rows) return undefined;
  if (generation !== undefined) {
    if (!read) sessionRowsRead.set(adapter, (read = new Map()));
    if (read.size >= SESSION_ROWS_MAX) read.clear();
    read.set(sessionId, { generation, row: rows[0] });
  }
  return { row: rows[0] };
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (block, un-approve, delete, password reset). */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every session of a user but the family of `keepSessionId` (the device that changed its own password
 * stays signed in, including the refresh tokens it rotates to). An unknown session keeps nothing.
 */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<void> {
  const keep = await findSession(db, keepSessionId);
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep && keep.user_id === userId) q = q.where('family_id', '!=', keep.family_id);
  await q.execute();
}

export type RotateResult =
  | { kind: 'ok'; userId: string; companyId: string; sessionId: string; token: string }
  | { kind: 'invalid' }
  | { kind: 'reused' };

/**
 * Rotates a refresh token. A token already rotated is accepted once more within the grace window (the phone
 * lost the response on a bad network); after it, reuse means the token leaked, and the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  opts: { ttlSec: number; graceSec: number; userAgent?: string | null },
): Promise<RotateResult> {
  return db.transaction().execute(async (trx) => {
    const s = await trx
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!s || s.kind !== 'refresh' || s.revoked_at || s.expires_at < nowIso())
      return { kind: 'invalid' } as const;
    if (s.rotated_at) {
      const age = (Date.now() - Date.parse(s.rotated_at)) / 1000;
      if (age > opts.graceSec) {
        await trx
          .updateTable('sessions')
          .set({ revoked_at: nowIso() })
          .where('family_id', '=', s.family_id)
          .execute();
        return { kind: 'reused' } as const;
      }
    } else {
      await trx.updateTable('sessions').set({ rotated_at: nowIso() }).where('id', '=', s.id).execute();
    }
    const next = newOpaqueToken();
    const id = newId();
    await trx
      .insertInto('sessions')
      .values({
        id,
        company_id: s.company_id,
        user_id: s.user_id,
        family_id: s.family_id,
        kind: 'refresh',
        token_hash: hashToken(next),
        created_at: nowIso(),
        expires_at: inSeconds(opts.ttlSec),
        rotated_at: null,
        revoked_at: null,
        user_agent: opts.userAgent?.slice(0, 255) ?? null,
      })
      .execute();
    return { kind: 'ok', userId: s.user_id, companyId: s.company_id, sessionId: id, token: next } as const;
  });
}
