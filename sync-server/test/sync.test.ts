import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TPullResponse, TPushResponse } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import {
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';

type H = { authorization: string };

describeEachDb('sync push and pull', (kind) => {
  let t: TestApp;
  let admin: H;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminBearer(t);
  });
  afterAll(() => t.close());

  const pushAs = async (h: H, clientId: string, mutations: unknown[]) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/sync/push',
      headers: h,
      payload: { clientId, mutations },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<TPushResponse>();
  };
  /**
   * Every poke sent so far has been delivered once one sent after them has (PostgreSQL delivers notifications
   * in commit order; twice, as the sender has two connections): earlier tests' pushes poke too, and on a busy
   * machine their NOTIFY can arrive during a test.
   */
  const settledPokes = async () => {
    for (let i = 0; i < 2; i++) {
      let seen = false;
      const off = t.app.pokes.subscribe('settle-marker', () => (seen = true));
      t.app.pokes.poke('settle-marker');
      await expect.poll(() => seen, { timeout: 5000 }).toBe(true);
      off();
    }
  };
  /** Pulls every page; answers the rows by entity/id after applying them like a device would. */
  const pullAll = async (h: H, clientId: string, cursor = '', pendingFrom = 0) => {
    const rows = new Map<string, Record<string, unknown>>();
    let last: TPullResponse;
    let pages = 0;
    // Rows sent so far plus what each page says is left: the whole first sync, on every page.
    let sent = 0;
    const progress: number[] = [];
    // What each page said was left.
    const lefts: number[] = [];
    do {
      const r = await t.app.inject({
        method: 'GET',
        url: '/sync/pull',
        headers: h,
        query: { clientId, cursor, pendingFrom: String(pendingFrom), limit: '100' },
      });
      expect(r.statusCode, r.body).toBe(200);
      last = r.json<TPullResponse>();
      if (last.reset) rows.clear();
      for (const c of last.changes) {
        if (c.row) rows.set(`${c.entity}/${c.id}`, c.row);
        else rows.delete(`${c.entity}/${c.id}`);
      }
      cursor = last.cursor;
      pages++;
      sent += last.changes.length;
      progress.push(sent + (last.remaining ?? 0));
      lefts.push(last.remaining ?? 0);
    } while (last.more);
    return { rows, cursor, last, pages, progress, lefts };
  };

  it('a first sync delivers the firm reference data page by page, and only the firm', async () => {
    const other = await createFirm(t, 'Other Chambers');
    const { rows, pages, last, progress } = await pullAll(admin, `c-${newId()}`);
    // Each page's count of what is left (the device's progress) adds up with what was sent to the same total.
    expect(new Set(progress)).toEqual(new Set([progress[0]]));
    expect(progress[0]).toBe(rows.size);
    const courts = [...rows.entries()].filter(([k]) => k.startsWith('courts/')).map(([, v]) => v);
    // The shared data's six superior courts, and our Federal Shariat Court and twenty district-level courts.
    expect(courts).toHaveLength(27);
    expect(courts.every((c) => c.company_id === t.providerId)).toBe(true);
    expect([...rows.keys()].filter((k) => k.startsWith('limitation_articles/'))).toHaveLength(191);
    expect(pages).toBeGreaterThan(2);
    expect(last.remaining).toBe(0);
    expect(JSON.stringify([...rows.values()])).not.toContain(other);
    expect(JSON.stringify([...rows.values()])).not.toContain('password_hash');
  });

  it('a first sync tells what is left on every page, rows added while it runs included, never below none', async () => {
    const clientId = `progress-${newId()}`;
    const first = await t.app.inject({
      method: 'GET',
      url: '/sync/pull',
      headers: admin,
      query: { clientId, cursor: '', pendingFrom: '0', limit: '100' },
    });
    const page1 = first.json<TPullResponse>();
    expect(page1.more).toBe(true);
    // More case files than a page holds, pushed by another device once the first page is in (later in the
    // snapshot's order): what the first page counted runs out a page or more before the snapshot does.
    const added = Array.from({ length: 120 }, () => newId());
    await pushAs(
      admin,
      `adder-${newId()}`,
      added.map((id, i) => ({
        id: i + 1,
        name: 'put',
        args: {
          entity: 'petitions',
          id,
          values: { case_no: `PROG-${i}`, title: `Progress ${i}`, year: 2026 },
        },
      })),
    );
    const rest = await pullAll(admin, clientId, page1.cursor);
    for (const id of added) expect(rest.rows.has(`petitions/${id}`)).toBe(true);
    // What each page says is left never goes below none, and the last one says none.
    expect(rest.pages).toBeGreaterThan(1);
    expect(Math.min(...rest.lefts)).toBeGreaterThanOrEqual(0);
    expect(rest.last.remaining).toBe(0);
    // Before the last page, something is always said to be left.
    expect(rest.lefts.slice(0, -1).every((n) => n > 0)).toBe(true);
  });

  it('applies a push once however often it is retried, and the change reaches another device', async () => {
    const a = `a-${newId()}`;
    const b = `b-${newId()}`;
    const start = await pullAll(admin, b);
    const id = newId();
    const m = {
      id: 1,
      name: 'put',
      args: { entity: 'courts', id, values: { title: 'Anti-Terrorism Court, Lahore', short_title: 'ATC' } },
    };
    const r1 = await pushAs(admin, a, [m]);
    expect(r1).toEqual({ lastMutationId: 1, results: [{ id: 1, status: 'applied' }] });
    const r2 = await pushAs(admin, a, [m]);
    expect(r2).toEqual({ lastMutationId: 1, results: [] });
    const after = await pullAll(admin, b, start.cursor);
    expect(after.rows.get(`courts/${id}`)).toMatchObject({
      title: 'Anti-Terrorism Court, Lahore',
      short_title: 'ATC',
    });
    const count = await t.app.db
      .selectFrom('courts')
      .select('id')
      .where('title', '=', 'Anti-Terrorism Court, Lahore')
      .execute();
    expect(count).toHaveLength(1);
  });

  it('merges edits to different fields and turns the same field into a conflict both sides see', async () => {
    const lawyerAdmin = await insertUser(t, { role: 'ADMIN' });
    const other = await bearerFor(t, lawyerAdmin.email, lawyerAdmin.password);
    const id = newId();
    await pushAs(admin, `x-${newId()}`, [
      {
        id: 1,
        name: 'put',
        args: { entity: 'courts', id, values: { title: 'Session Court', short_title: 'SC' } },
      },
    ]);
    const seen = (await pullAll(admin, `y-${newId()}`)).rows.get(`courts/${id}`)!;
    const fv = seen.field_versions as Record<string, number>;

    // Device 1 edits the title, device 2 the short title: both apply.
    const d1 = `d1-${newId()}`;
    const d2 = `d2-${newId()}`;
    await pushAs(admin, d1, [
      {
        id: 1,
        name: 'put',
        args: { entity: 'courts', id, values: { title: 'Sessions Court' } },
        base: { title: fv.title },
      },
    ]);
    await pushAs(other, d2, [
      {
        id: 1,
        name: 'put',
        args: { entity: 'courts', id, values: { short_title: 'S.C.' } },
        base: { short_title: fv.short_title },
      },
    ]);
    let row = await t.app.db.selectFrom('courts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.title, row.short_title]).toEqual(['Sessions Court', 'S.C.']);

    // Both edit the title from the same base: the first writer wins, the second is a recorded conflict.
    const r = await pushAs(other, d2, [
      {
        id: 2,
        name: 'put',
        args: { entity: 'courts', id, values: { title: 'District Court' } },
        base: { title: fv.title },
      },
    ]);
    expect(r.results).toEqual([{ id: 2, status: 'conflict', fields: ['title'] }]);
    row = await t.app.db.selectFrom('courts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.title).toBe('Sessions Court');

    const mine = await pullAll(admin, `z-${newId()}`);
    const theirs = await pullAll(other, `w-${newId()}`);
    const conflictOf = (rows: Map<string, Record<string, unknown>>) =>
      [...rows.entries()].find(([k, v]) => k.startsWith('conflicts/') && v.row_id === id)?.[1];
    expect(conflictOf(mine.rows)).toMatchObject({
      field: 'title',
      server_value: 'Sessions Court',
      client_value: 'District Court',
      resolved_at: null,
      client_user_id: lawyerAdmin.id,
    });
    const conflict = conflictOf(theirs.rows)!;
    expect(conflict.client_user_name).toBeTruthy();

    // Resolved on one device (keep theirs), the resolution and the value reach the other.
    const res = await pushAs(admin, d1, [
      { id: 2, name: 'conflicts.resolve', args: { id: conflict.id, keep: 'client' } },
    ]);
    expect(res.results[0]!.status).toBe('applied');
    const later = await pullAll(other, `v-${newId()}`);
    expect(later.rows.get(`courts/${id}`)).toMatchObject({ title: 'District Court' });
    expect(conflictOf(later.rows)).toMatchObject({ resolution: 'client' });
    expect(conflictOf(later.rows)!.resolved_at).toBeTruthy();
  });

  it('records a forbidden or invalid mutation as rejected, advances past it and tells a device that lost the answer', async () => {
    const lawyer = await insertUser(t, { role: 'LAWYER' });
    const h = await bearerFor(t, lawyer.email, lawyer.password);
    const c = `l-${newId()}`;
    const r = await pushAs(h, c, [
      { id: 1, name: 'put', args: { entity: 'statutes', id: newId(), values: { title: 'Mine' } } },
      { id: 2, name: 'put', args: { entity: 'users', id: lawyer.id, values: { name: 'Renamed Lawyer' } } },
      { id: 3, name: 'put', args: { entity: 'users', id: lawyer.id, values: { name: '' } } },
      { id: 4, name: 'no.such.mutation', args: {} },
    ]);
    expect(r.lastMutationId).toBe(4);
    expect(r.results.map((x) => x.status)).toEqual(['rejected', 'applied', 'rejected', 'rejected']);
    expect(r.results[0]!.message).toBe('This action is unauthorized.');
    expect(r.results[2]!.message).toBe('Name field is required.');
    const pulled = await pullAll(h, c, '', 1);
    expect(pulled.last.lastMutationId).toBe(4);
    expect(pulled.last.results.map((x) => x.id)).toEqual([1, 2, 3, 4]);
    // A lawyer reads the firm's people (colleagues, clients) but never its contact requests.
    const keys = [...pulled.rows.keys()];
    expect(keys.filter((k) => k.startsWith('users/')).length).toBeGreaterThan(1);
    expect(keys.some((k) => k.startsWith('contact_requests/'))).toBe(false);
    // A student reads only their own account.
    const student = await insertUser(t, { role: 'STUDENT' });
    const sh = await bearerFor(t, student.email, student.password);
    const theirs = await pullAll(sh, `st-${newId()}`);
    expect([...theirs.rows.keys()].filter((k) => k.startsWith('users/'))).toEqual([`users/${student.id}`]);
  });

  it('refuses another firm’s rows and another account’s device queue', async () => {
    const firm = await createFirm(t, 'Third Firm');
    const theirAdmin = await insertUser(t, { role: 'ADMIN', companyId: firm });
    const h = await bearerFor(t, theirAdmin.email, theirAdmin.password);
    const ourCourt = await t.app.db
      .selectFrom('courts')
      .select('id')
      .where('company_id', '=', t.providerId)
      .executeTakeFirstOrThrow();
    const r = await pushAs(h, `t-${newId()}`, [
      { id: 1, name: 'put', args: { entity: 'courts', id: ourCourt.id, values: { title: 'Hijacked' } } },
    ]);
    expect(r.results[0]).toMatchObject({ status: 'rejected', message: 'Record not found.' });
    const shared = `s-${newId()}`;
    await pushAs(admin, shared, []);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/sync/push',
      headers: h,
      payload: { clientId: shared, mutations: [] },
    });
    expect(stolen.statusCode).toBe(409);
  });

  it('an approval pushed from a device sends the same approval mail as the REST call, once', async () => {
    const pending = await insertUser(t, { role: 'ASSOCIATE', approved: false, name: 'Pending Associate' });
    const c = `ap-${newId()}`;
    const approve = {
      id: 1,
      name: 'put',
      args: { entity: 'users', id: pending.id, values: { is_approved: true } },
    };
    expect((await pushAs(admin, c, [approve])).results).toEqual([{ id: 1, status: 'applied' }]);
    await pushAs(admin, c, [approve]);
    const mails = await t.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', pending.email)
      .execute();
    expect(mails.map((m) => m.subject)).toEqual(['Your account is approved']);
    expect(mails[0]!.body_text).toContain('/login');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: pending.email, password: pending.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a write over the documented REST calls pokes the firm’s devices, and a read does not', async () => {
    const settled = settledPokes;
    let pokes = 0;
    const stop = t.app.pokes.subscribe(t.providerId, () => (pokes += 1));
    try {
      await settled();
      pokes = 0;
      await t.app.inject({ method: 'GET', url: '/api/courts', headers: admin });
      await settled();
      expect(pokes).toBe(0);
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/courts',
        headers: admin,
        payload: { title: 'Banking Court' },
      });
      expect(r.statusCode).toBe(200);
      await expect.poll(() => pokes, { timeout: 2000 }).toBeGreaterThan(0);
    } finally {
      stop();
    }
  });

  it('a push pokes the firm’s devices once, when its group commits', async () => {
    // On PostgreSQL the group's own closing statement notifies (group-flush.ts), not a statement after it.
    let pokes = 0;
    const stop = t.app.pokes.subscribe(t.providerId, () => (pokes += 1));
    try {
      await settledPokes();
      pokes = 0;
      const pushed = await pushAs(admin, `poke-${newId()}`, [
        {
          id: 1,
          name: 'put',
          args: { entity: 'courts', id: newId(), values: { title: 'Poked Court' } },
        },
      ]);
      expect(pushed.results).toEqual([{ id: 1, status: 'applied' }]);
      await settledPokes();
      expect(pokes).toBe(1);
    } finally {
      stop();
    }
  });

  it('a device whose user loses a right starts over and drops what it may no longer read', async () => {
    const u = await insertUser(t, { role: 'ADMIN' });
    const h = await bearerFor(t, u.email, u.password);
    const c = `r-${newId()}`;
    const first = await pullAll(h, c);
    expect([...first.rows.keys()].filter((k) => k.startsWith('users/')).length).toBeGreaterThan(1);
    await t.app.db
      .updateTable('users')
      .set({ role_id: '00000000-0000-7000-8000-000000000006' })
      .where('id', '=', u.id)
      .execute();
    const again = await pullAll(h, c, first.cursor);
    expect(again.last.reset || again.pages > 1).toBe(true);
    expect([...again.rows.keys()].filter((k) => k.startsWith('users/'))).toEqual([`users/${u.id}`]);
  });
});
