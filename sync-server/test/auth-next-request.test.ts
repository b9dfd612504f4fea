import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DbHandle } from '../src/db/connect.ts';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
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
  /** Approves or blocks a user through `app` (the admin's call). */
  const setApproved = async (app: FastifyInstance, id: string, approved: boolean) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/approve_or_block',
      headers: admin,
      payload: { user: { id, is_approved: approved } },
    });
    expect(r.statusCode, r.body).toBe(200);
  };
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
    await setApproved(second.app, u.id, false);
    expect(await me(t.app, u.auth)).toBe(401);
    expect(await me(second.app, u.auth)).toBe(401);
    // Approved again, the old token stays dead (blocking ended its session); a new sign-in works.
    await setApproved(t.app, u.id, true);
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

  /**
   * A device's push (on PostgreSQL its session is read again inside the group that applies it, and the check as
   * it arrives may use the row read at its last push: auth.plugin.ts authRechecked).
   */
  let mutationId = 0;
  const push = (app: FastifyInstance, auth: Auth, clientId: string, payload?: unknown) => {
    const id = newId();
    return app
      .inject({
        method: 'POST',
        url: '/sync/push',
        headers: auth,
        payload: payload ?? {
          clientId,
          mutations: [
            {
              id: ++mutationId,
              name: 'put',
              args: {
                entity: 'petitions',
                id,
                values: { case_no: `P-${id.slice(-8)}`, title: `Pushed ${id}`, year: 2026 },
              },
            },
          ],
        },
      })
      .then((r) => ({ status: r.statusCode, body: r.json<Record<string, unknown>>(), id }));
  };
  const stored = (id: string) =>
    t.app.db.selectFrom('petitions').select('id').where('id', '=', id).executeTakeFirst();
  /** A lawyer whose device has pushed through both instances (each has read the session for a push). */
  const pushingLawyer = async () => {
    const u = await signedInLawyer();
    const device = `device-${newId()}`;
    for (const app of [t.app, second.app, t.app]) {
      const r = await push(app, u.auth, device);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results).toEqual([{ id: mutationId, status: 'applied' }]);
    }
    return { ...u, device };
  };

  it("a blocked user's next push is refused by both instances and nothing of it applies", async () => {
    const u = await pushingLawyer();
    await setApproved(second.app, u.id, false);
    for (const app of [t.app, second.app]) {
      const r = await push(app, u.auth, u.device);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Unauthenticated.' });
      expect(await stored(r.id)).toBeUndefined();
    }
  });

  it('a logged-out session is told 401 for a push, not what is wrong with its body', async () => {
    const u = await pushingLawyer();
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: u.auth });
    expect(out.statusCode, out.body).toBe(200);
    for (const app of [second.app, t.app]) {
      expect((await push(app, u.auth, u.device, { clientId: 42, mutations: 'none' })).status).toBe(401);
      const badJson = await app.inject({
        method: 'POST',
        url: '/sync/push',
        headers: { ...u.auth, 'content-type': 'application/json' },
        payload: '{"clientId": ',
      });
      expect(badJson.statusCode).toBe(401);
    }
    // Signed in, the same mistakes are told as they are.
    const fresh = await bearerFor(t, u.email, u.password);
    expect((await push(t.app, fresh, u.device, { clientId: 42, mutations: 'none' })).status).toBe(422);
  });

  it("a push is authorised by the user's role as it is when it applies, not as it was at the last push", async () => {
    const u = await pushingLawyer();
    // Made a client of the firm in the database: clients cannot create case files.
    await t.app.db.updateTable('users').set({ role_id: ROLE_IDS.CLIENT }).where('id', '=', u.id).execute();
    for (const app of [t.app, second.app]) {
      const r = await push(app, u.auth, u.device);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results).toMatchObject([{ id: mutationId, status: 'rejected' }]);
      expect(await stored(r.id)).toBeUndefined();
    }
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
