import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DbHandle } from '../src/db/connect.ts';
import { adminBearer, bearerFor, createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';

type Auth = { authorization: string };

/**
 * The auth check every request pays is cheap (a token seen before is not verified again; one query reads the
 * session, the user and the firm), and still no server process lets a blocked, un-approved or deleted user, or
 * a logged-out session, through at the next request: two app instances on one database (one PostgreSQL
 * database, or one SQLite file) each answer the very next request after a change made through the other.
 */
describeEachDb('auth: refused at the very next request, on every server process', (kind) => {
  let t: TestApp;
  let second: { app: FastifyInstance; database: DbHandle };
  let admin: Auth;
  const me = (app: FastifyInstance, auth: Auth) =>
    app.inject({ method: 'GET', url: '/api/user', headers: auth }).then((r) => r.statusCode);
  /** Signs a lawyer in and uses the token on both instances, so each has already checked it once. */
  const signedInLawyer = async () => {
    const u = await insertUser(t, { role: 'LAWYER' });
    const auth = await bearerFor(t, u.email, u.password);
    for (const app of [t.app, second.app, t.app, second.app]) expect(await me(app, auth)).toBe(200);
    return { ...u, auth };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Another server process: its own pool or connection, the same database and secret.
    const database = await openDatabase(t.config.databaseUrl);
    const app = await buildApp({ config: t.config, database });
    await app.ready();
    second = { app, database };
    admin = await adminBearer(t);
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
    await t.close();
  });

  it('a user blocked through one instance is refused by both at the next request', async () => {
    const u = await signedInLawyer();
    const block = await second.app.inject({
      method: 'POST',
      url: '/api/approve_or_block',
      headers: admin,
      payload: { user: { id: u.id, is_approved: false } },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(await me(t.app, u.auth)).toBe(401);
    expect(await me(second.app, u.auth)).toBe(401);
    // Approved again, the old token stays dead (blocking ended its session); a new sign-in works.
    await t.app.inject({
      method: 'POST',
      url: '/api/approve_or_block',
      headers: admin,
      payload: { user: { id: u.id, is_approved: true } },
    });
    expect(await me(second.app, u.auth)).toBe(401);
    expect(await me(second.app, await bearerFor(t, u.email, u.password))).toBe(200);
  });

  it('a user un-approved in the database, sessions untouched, is refused by both at the next request', async () => {
    const u = await signedInLawyer();
    await t.app.db.updateTable('users').set({ is_approved: 0 }).where('id', '=', u.id).execute();
    expect(await me(second.app, u.auth)).toBe(401);
    expect(await me(t.app, u.auth)).toBe(401);
  });

  it('a user deleted through one instance is refused by both at the next request', async () => {
    const u = await signedInLawyer();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${u.id}`, headers: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect(await me(second.app, u.auth)).toBe(401);
    expect(await me(t.app, u.auth)).toBe(401);
  });

  it('a session logged out through one instance is refused by both at the next request', async () => {
    const u = await signedInLawyer();
    const out = await second.app.inject({ method: 'POST', url: '/api/logout', headers: u.auth });
    expect(out.statusCode, out.body).toBe(200);
    expect(await me(t.app, u.auth)).toBe(401);
    expect(await me(second.app, u.auth)).toBe(401);
    // Another device of the same user keeps its own session.
    const other = await bearerFor(t, u.email, u.password);
    expect(await me(second.app, other)).toBe(200);
  });

  it('a token that expired is refused though it was accepted before', async () => {
    // Long enough to sign in and be accepted on a busy machine (exp is in whole seconds); then the clock moves past it.
    const shortLived = await createTestApp(kind, { accessTokenTtlSec: 30 });
    try {
      const u = await insertUser(shortLived, { role: 'LAWYER' });
      const auth = await bearerFor(shortLived, u.email, u.password);
      expect(await me(shortLived.app, auth)).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 31_000);
      expect(await me(shortLived.app, auth)).toBe(401);
    } finally {
      vi.useRealTimers();
      await shortLived.close();
    }
  });

  it("the original client's token is refused once its session's time is up, with nothing written meanwhile", async () => {
    // Its session ends by the clock alone (no write moves the data's generation): the kept context is checked anew.
    const shortLived = await createTestApp(kind, { legacyTokenTtlSec: 30 });
    try {
      const u = await insertUser(shortLived, { role: 'LAWYER' });
      const login = await shortLived.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: u.email, password: u.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      expect(await me(shortLived.app, auth)).toBe(200);
      expect(await me(shortLived.app, auth)).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 20_000);
      expect(await me(shortLived.app, auth)).toBe(200);
      vi.setSystemTime(Date.now() + 11_000);
      expect(await me(shortLived.app, auth)).toBe(401);
    } finally {
      vi.useRealTimers();
      await shortLived.close();
    }
  });
});
