import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUser } from '@lawfirm/shared-types';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  type TestApp,
} from '../../../sync-server/test/helper.ts';
import { newId } from '../../../sync-server/src/db/ids.ts';
import { putLocal } from '../sync/actions.ts';
import { openLocalDb } from '../sync/db.ts';
import { SyncEngine } from '../sync/engine.ts';
import { ApiError, createHttpClient, OFFLINE_MESSAGE } from './client.ts';
import { cookieFetch, memorySession } from './test-session.ts';

/**
 * The app's one HTTP client against a real server on a real port: screens and the sync engine share one
 * session, so however many of their calls meet an expired token together, the refresh token (which the
 * server rotates on use) is spent once.
 */
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp('sqlite');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** A signed-in device whose in-memory access token the server no longer accepts, or has none yet (a fresh load). */
async function device(token: string | null) {
  const net = cookieFetch();
  const login = await net.fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const session = memorySession(token);
  return { net, session, http: createHttpClient({ baseUrl, fetch: net.fetch, session }) };
}

describe('one HTTP client, one refresh', () => {
  it('two calls refused together cause one refresh request, and both then succeed', async () => {
    const { net, http, session } = await device('expired-token');
    const [me, courts] = await Promise.all([
      http.api<TUser>('/api/user'),
      http.api<{ courts: unknown[] }>('/api/courts'),
    ]);
    expect(me.email).toBe(ADMIN_EMAIL);
    expect(courts.courts.length).toBeGreaterThan(0);
    expect(net.count('/api/auth/refresh')).toBe(1);
    expect(session.token()).not.toBe('expired-token');
    // The renewed token serves the next calls without another refresh.
    await http.api('/api/user');
    expect(net.count('/api/auth/refresh')).toBe(1);
  });

  it('the sync engine and a screen share the refresh, and the queue reaches the server', async () => {
    const { net, http } = await device('expired-token');
    const db = openLocalDb('shared-client', `-${newId()}`);
    const engine = new SyncEngine({ db, http, userId: 'shared-client' });
    const id = newId();
    await putLocal(db, 'courts', id, { title: 'Anti-Terrorism Court' });
    const [, me] = await Promise.all([engine.syncNow(), http.api<TUser>('/api/user')]);
    expect(me.email).toBe(ADMIN_EMAIL);
    expect(engine.getStatus()).toMatchObject({ paused: false, pending: 0, error: null });
    expect(net.count('/api/auth/refresh')).toBe(1);
    const row = await t.app.db.selectFrom('courts').select('title').where('id', '=', id).executeTakeFirst();
    expect(row).toEqual({ title: 'Anti-Terrorism Court' });
    await engine.stop();
    db.close();
  });

  it('a refused refresh ends the session once, pauses the sync and keeps its queue', async () => {
    const { net, http, session } = await device('expired-token');
    net.jar.clear(); // the refresh cookie is gone: signed out on the server
    const db = openLocalDb('ended-session', `-${newId()}`);
    const engine = new SyncEngine({ db, http, userId: 'ended-session' });
    const id = newId();
    await putLocal(db, 'courts', id, { title: 'Special Court' });
    const [, screen] = await Promise.all([engine.syncNow(), http.api('/api/user').catch((e: unknown) => e)]);
    expect(screen).toBeInstanceOf(ApiError);
    expect((screen as ApiError).status).toBe(401);
    expect(net.count('/api/auth/refresh')).toBe(1);
    expect(session.ends).toBe(1);
    expect(engine.getStatus()).toMatchObject({ paused: true, pending: 1 });
    expect(await db.outbox.count()).toBe(1);
    await engine.stop();
    db.close();
  });

  it('a page just loaded renews its token first, once for all its calls', async () => {
    const { net, http } = await device(null);
    const calls = await Promise.all([http.api('/api/user'), http.api('/api/user'), http.api('/api/courts')]);
    expect(calls).toHaveLength(3);
    expect(net.count('/api/auth/refresh')).toBe(1);
    // No call went out without its token first: nothing was refused.
    expect(net.count('/api/user')).toBe(2);
  });

  it('keeps the server message and field errors, and says offline when the server cannot be reached', async () => {
    const { http } = await device('expired-token');
    const err = (await http.api('/api/courts', { json: { title: '' } }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.message).not.toBe('');
    expect(err.field('title')).toBeTruthy();

    const down = createHttpClient({ baseUrl: 'http://127.0.0.1:9', session: memorySession('x') });
    const off = (await down.api('/api/user').catch((e: unknown) => e)) as ApiError;
    expect(off).toBeInstanceOf(ApiError);
    expect(off.offline).toBe(true);
    expect(off.message).toBe(OFFLINE_MESSAGE);

    const ctrl = new AbortController();
    ctrl.abort();
    await expect(http.api('/api/user', { signal: ctrl.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
