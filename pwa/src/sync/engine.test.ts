import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { TConflict, TUser } from '@lawfirm/shared-types';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminBearer,
  bearerFor,
  createTestApp,
  insertUser,
  type TestApp,
} from '../../../sync-server/test/helper.ts';
import { newId } from '../../../sync-server/src/db/ids.ts';
import { createHttpClient, type TSessionKeeper } from '../http/client.ts';
import { cookieFetch, memorySession } from '../http/test-session.ts';
import { discardRejected, putLocal, resolveConflictLocal } from './actions.ts';
import { conflictSides } from './conflict-view.ts';
import { openLocalDb, setMeta, type LocalDb, type TRow } from './db.ts';
import { SyncEngine } from './engine.ts';
import type { TSyncStatus } from './status.ts';

/**
 * The engine against a real server on a real port, over fake-indexeddb: what a lawyer's phone and the
 * office computer would see. Every device has its own database (a distinct name), like two browsers.
 */
let t: TestApp;
let baseUrl: string;
let adminId: string;
let adminToken: string;
const engines: SyncEngine[] = [];

const tokenOf = (h: { authorization: string }) => h.authorization.replace(/^Bearer /, '');

beforeAll(async () => {
  t = await createTestApp('sqlite');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  adminToken = tokenOf(await adminBearer(t));
  const admin = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', ADMIN_EMAIL)
    .executeTakeFirstOrThrow();
  adminId = admin.id;
});
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
});
afterAll(() => t.close());

type Device = { db: LocalDb; engine: SyncEngine; status: () => TSyncStatus };

function device(
  userId: string,
  token: string,
  opts: {
    fetch?: typeof fetch;
    session?: TSessionKeeper;
    pageSize?: number;
  } = {},
): Device {
  const db = openLocalDb(userId, `-${newId()}`);
  const engine = new SyncEngine({
    db,
    http: createHttpClient({
      baseUrl,
      fetch: opts.fetch ?? fetch,
      session: opts.session ?? memorySession(token),
    }),
    userId,
    debounceMs: 20,
    ...(opts.pageSize ? { pageSize: opts.pageSize } : {}),
  });
  engines.push(engine);
  return { db, engine, status: engine.getStatus };
}

/** A second person of the firm with their own sign-in. */
async function person(role: 'ADMIN' | 'LAWYER', name: string) {
  const u = await insertUser(t, { role, name });
  return { id: u.id, token: tokenOf(await bearerFor(t, u.email, u.password)) };
}

const court = (d: Device, id: string) => d.db.rows('courts').get(id);
const conflictsOn = async (d: Device, rowId: string) =>
  (await d.db.rows('conflicts').where('row_id').equals(rowId).toArray()) as (TConflict & TRow)[];
const serverCourt = (id: string) =>
  t.app.db.selectFrom('courts').selectAll().where('id', '=', id).executeTakeFirst();

/** A fetch that can lose the network, as in a court corridor. */
function flakyFetch() {
  const state = { offline: false, pushes: 0, loseNextPushAnswer: false };
  const f: typeof fetch = async (input, init) => {
    if (state.offline) throw new TypeError('fetch failed');
    const res = await fetch(input, init);
    if ((input as string).includes('/sync/push')) {
      state.pushes += 1;
      if (state.loseNextPushAnswer) {
        // The server applied the push; the answer never reaches the phone.
        state.loseNextPushAnswer = false;
        await res.text();
        throw new TypeError('network connection lost');
      }
    }
    return res;
  };
  return { fetch: f, state };
}

describe('sync engine against a real server', () => {
  it('a court created offline is kept and queued, then reaches another device once online', async () => {
    const net = flakyFetch();
    const a = device(adminId, adminToken, { fetch: net.fetch });
    const b = device(adminId, adminToken);
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(a.status().error).toBeNull();

    net.state.offline = true;
    const id = newId();
    await putLocal(a.db, 'courts', id, { title: 'Anti-Terrorism Court, Lahore', short_title: 'ATC' });
    expect(await court(a, id)).toMatchObject({ title: 'Anti-Terrorism Court, Lahore', short_title: 'ATC' });
    await a.engine.syncNow();
    expect(a.status()).toMatchObject({ online: false, pending: 1 });
    expect(a.status().error).toMatch(/kept/);
    expect(await serverCourt(id)).toBeUndefined();

    net.state.offline = false;
    await a.engine.syncNow();
    expect(a.status()).toMatchObject({ online: true, pending: 0, error: null });
    expect(a.status().lastSyncAt).not.toBeNull();
    // The visible row is now the server's copy (it carries the server's version).
    expect(await court(a, id)).toMatchObject({
      title: 'Anti-Terrorism Court, Lahore',
      version: expect.any(Number),
    });

    await b.engine.syncNow();
    expect(await court(b, id)).toMatchObject({ title: 'Anti-Terrorism Court, Lahore', short_title: 'ATC' });
    expect(await b.db.rows('courts').count()).toBe(await a.db.rows('courts').count());
  });

  it('turns the same field edited on two devices into a conflict both see, and a choice on one reaches the other', async () => {
    const other = await person('ADMIN', 'Sana Malik');
    const a = device(adminId, adminToken);
    const b = device(other.id, other.token);
    const id = newId();
    await a.engine.syncNow();
    await b.engine.syncNow();
    await putLocal(a.db, 'courts', id, { title: 'Session Court', short_title: 'SC' });
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(await court(b, id)).toMatchObject({ title: 'Session Court' });

    // Both edit the title offline; A reaches the server first.
    await putLocal(a.db, 'courts', id, { title: 'Sessions Court' });
    await putLocal(b.db, 'courts', id, { title: 'District Court' });
    await putLocal(b.db, 'courts', id, { short_title: 'D.C.' });
    expect(await court(b, id)).toMatchObject({ title: 'District Court', short_title: 'D.C.' });
    await a.engine.syncNow();
    await b.engine.syncNow();

    // B sees the kept value, its own other edit applied, and the conflict; nothing is pending any more.
    expect(await court(b, id)).toMatchObject({ title: 'Sessions Court', short_title: 'D.C.' });
    expect(b.status()).toMatchObject({ pending: 0, conflicts: 1, rejected: 0 });
    expect(await b.db.outbox.where('status').equals('conflict').count()).toBe(1);
    const [onB] = await conflictsOn(b, id);
    expect(onB).toMatchObject({
      field: 'title',
      server_value: 'Sessions Court',
      client_value: 'District Court',
      client_user_id: other.id,
      client_user_name: 'Sana Malik',
      resolved_at: null,
    });
    // Each person's "Yours" is their own value.
    expect(conflictSides(onB!, other.id)[0]).toMatchObject({ label: 'Yours', value: 'District Court' });

    await a.engine.syncNow();
    expect(a.status().conflicts).toBe(1);
    const [onA] = await conflictsOn(a, id);
    const [mine, theirs] = conflictSides(onA!, adminId);
    expect(mine).toMatchObject({ label: 'Yours', value: 'Sessions Court', keep: 'server' });
    expect(theirs).toMatchObject({
      label: 'Theirs',
      value: 'District Court',
      who: 'Sana Malik',
      keep: 'client',
    });

    // A keeps theirs: shown at once on A, before any network.
    await resolveConflictLocal(a.db, onA!.id, theirs.keep);
    expect(await court(a, id)).toMatchObject({ title: 'District Court' });
    expect((await conflictsOn(a, id))[0]).toMatchObject({ resolution: 'client' });
    await a.engine.syncNow();
    expect(a.status()).toMatchObject({ pending: 0, conflicts: 0 });
    expect(await court(a, id)).toMatchObject({ title: 'District Court' });

    await b.engine.syncNow();
    expect(await court(b, id)).toMatchObject({ title: 'District Court', short_title: 'D.C.' });
    expect((await conflictsOn(b, id))[0]!.resolved_at).toBeTruthy();
    expect(b.status().conflicts).toBe(0);
    // Settled everywhere: nothing of it is left in B's queue.
    expect(await b.db.outbox.count()).toBe(0);
    expect(await serverCourt(id)).toMatchObject({ title: 'District Court', short_title: 'D.C.' });
  });

  it('keeps a change the server refuses, with its reason, and shows the server value again', async () => {
    const lawyer = await person('LAWYER', 'Lawyer Lee');
    const l = device(lawyer.id, lawyer.token);
    await l.engine.syncNow();
    const [first] = await l.db.rows('courts').orderBy('title').toArray();
    const original = first!.title;
    await putLocal(l.db, 'courts', first!.id, { title: 'Renamed by a lawyer' });
    expect(await court(l, first!.id)).toMatchObject({ title: 'Renamed by a lawyer' });

    await l.engine.syncNow();
    expect(l.status()).toMatchObject({ pending: 0, rejected: 1, error: null });
    expect(await court(l, first!.id)).toMatchObject({ title: original });
    const refused = await l.db.outbox.where('status').equals('rejected').toArray();
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      message: 'This action is unauthorized.',
      args: { values: { title: 'Renamed by a lawyer' } },
    });
    expect(await serverCourt(first!.id)).toMatchObject({ title: original });

    // Syncing again neither resends it nor loses it; discarding is the user's choice.
    await l.engine.syncNow();
    expect(l.status().rejected).toBe(1);
    await discardRejected(l.db, refused[0]!.id);
    await l.engine.syncNow();
    expect(l.status().rejected).toBe(0);
  });

  it('retries a push whose answer was lost without applying it twice', async () => {
    const net = flakyFetch();
    const a = device(adminId, adminToken, { fetch: net.fetch });
    await a.engine.syncNow();
    const id = newId();
    await putLocal(a.db, 'courts', id, { title: 'Banking Court No. 2', short_title: 'BC2' });
    await putLocal(a.db, 'courts', id, { short_title: 'BC-II' });

    net.state.loseNextPushAnswer = true;
    await a.engine.syncNow();
    expect(a.status()).toMatchObject({ pending: 2 });
    expect(a.status().error).not.toBeNull();
    expect(await serverCourt(id)).toMatchObject({ short_title: 'BC-II' });

    // Meanwhile another device changes the short title; a replay of the old push must not undo it.
    const b = device(adminId, adminToken);
    await b.engine.syncNow();
    await putLocal(b.db, 'courts', id, { short_title: 'Banking Court II' });
    await b.engine.syncNow();

    await a.engine.syncNow();
    expect(net.state.pushes).toBe(2);
    expect(a.status()).toMatchObject({ pending: 0, conflicts: 0, rejected: 0, error: null });
    expect(await court(a, id)).toMatchObject({
      title: 'Banking Court No. 2',
      short_title: 'Banking Court II',
    });
    const rows = await t.app.db
      .selectFrom('courts')
      .select('id')
      .where('title', '=', 'Banking Court No. 2')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('re-applies pending edits on top of what other devices changed, even when the server starts over', async () => {
    const net = flakyFetch();
    const a = device(adminId, adminToken, { fetch: net.fetch });
    const b = device(adminId, adminToken);
    const id = newId();
    await putLocal(b.db, 'courts', id, { title: 'Family Court', short_title: 'FC' });
    await b.engine.syncNow();
    await a.engine.syncNow();

    net.state.offline = true;
    await putLocal(a.db, 'courts', id, { short_title: 'Fam. Ct.' });
    const newCourt = newId();
    await putLocal(a.db, 'courts', newCourt, { title: 'Consumer Court' });
    await putLocal(b.db, 'courts', id, { title: 'Family Court, Karachi' });
    await b.engine.syncNow();

    net.state.offline = false;
    await a.engine.pull();
    expect(await court(a, id)).toMatchObject({ title: 'Family Court, Karachi', short_title: 'Fam. Ct.' });
    expect(await court(a, newCourt)).toMatchObject({ title: 'Consumer Court' });

    // An unknown cursor makes the server start over (reset): synced rows are replaced, the queue is kept.
    await setMeta(a.db, 'cursor', 'c:not-a-cursor');
    await a.engine.pull();
    expect(await court(a, id)).toMatchObject({ title: 'Family Court, Karachi', short_title: 'Fam. Ct.' });
    expect(await court(a, newCourt)).toMatchObject({ title: 'Consumer Court' });
    expect(await a.db.outbox.where('status').equals('pending').count()).toBe(2);

    await a.engine.syncNow();
    expect(a.status().pending).toBe(0);
    await b.engine.syncNow();
    expect(await court(b, id)).toMatchObject({ title: 'Family Court, Karachi', short_title: 'Fam. Ct.' });
    expect(await court(b, newCourt)).toMatchObject({ title: 'Consumer Court' });
  });

  it('downloads the firm page by page on a first sync and shows the progress', async () => {
    const d = device(adminId, adminToken, { pageSize: 50 });
    const seen: { done: number; total: number }[] = [];
    d.engine.subscribe(() => {
      const p = d.status().firstSync;
      if (p && seen.at(-1)?.done !== p.done) seen.push(p);
    });
    await d.engine.syncNow();
    expect(await d.db.rows('limitation_articles').count()).toBe(191);
    expect(await d.db.rows('courts').count()).toBeGreaterThanOrEqual(6);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((x, y) => x - y));
    expect(seen[0]!.total).toBeGreaterThan(191);
    expect(d.status().firstSync).toBeNull();
  });

  it('pauses without a valid session, keeps the queue, and resumes after a refresh', async () => {
    // A device whose access token the server refuses and whose refresh cookie is gone (signed out elsewhere).
    const net = cookieFetch();
    const session = memorySession('expired-token');
    const d = device(adminId, adminToken, { fetch: net.fetch, session });
    const id = newId();
    await putLocal(d.db, 'courts', id, { title: 'Labour Court' });
    await d.engine.syncNow();
    expect(d.status()).toMatchObject({ paused: true, pending: 1 });
    expect(net.count('/api/auth/refresh')).toBe(1);
    expect(session.ends).toBe(1);
    expect(await court(d, id)).toMatchObject({ title: 'Labour Court' });
    const queued = await d.db.outbox.toArray();
    expect(JSON.stringify(queued)).not.toContain('expired-token');

    // The same user signs in again on this device: the session renews and the kept queue goes out.
    const login = await net.fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    session.renewed((await login.json()) as { access_token: string; user: TUser });
    await d.engine.syncNow();
    expect(d.status()).toMatchObject({ paused: false, pending: 0 });
    expect(await serverCourt(id)).toMatchObject({ title: 'Labour Court' });
  });

  it('waits for the network, not for a sign-in, when the session cannot be renewed for want of a server', async () => {
    let reachable = false;
    const net = cookieFetch(async (input, init) => {
      if (!reachable && (input as string).endsWith('/api/auth/refresh'))
        throw new TypeError('Failed to fetch');
      return fetch(input, init);
    });
    // A page just loaded: the user is remembered, the access token (memory only) not yet.
    await net.fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const d = device(adminId, adminToken, { fetch: net.fetch, session: memorySession(null) });
    const id = newId();
    await putLocal(d.db, 'courts', id, { title: 'Banking Court' });
    await d.engine.syncNow();
    // What the user reads after a save: "It will be sent when you are online", not "when you sign in again".
    expect(d.status()).toMatchObject({ paused: false, online: false, pending: 1 });
    expect(d.status().error).toMatch(/No connection to the server/);

    reachable = true;
    await d.engine.syncNow();
    expect(d.status()).toMatchObject({ paused: false, pending: 0 });
    expect(await serverCourt(id)).toMatchObject({ title: 'Banking Court' });
  });

  it('once started, pushes a local write by itself and pulls when another device pokes', async () => {
    const a = device(adminId, adminToken);
    const b = device(adminId, adminToken);
    await a.engine.syncNow();
    b.engine.start();
    await vi.waitFor(() => expect(b.status().lastSyncAt).not.toBeNull(), { timeout: 10_000 });

    const id = newId();
    await putLocal(a.db, 'courts', id, { title: 'Customs Court' });
    await a.engine.syncNow();
    await vi.waitFor(async () => expect(await court(b, id)).toMatchObject({ title: 'Customs Court' }), {
      timeout: 10_000,
      interval: 50,
    });

    const mine = newId();
    await putLocal(b.db, 'courts', mine, { title: 'Drug Court' });
    await vi.waitFor(async () => expect(await serverCourt(mine)).toMatchObject({ title: 'Drug Court' }), {
      timeout: 10_000,
      interval: 50,
    });
    await vi.waitFor(() => expect(b.status().pending).toBe(0), { timeout: 10_000 });
  });
});
