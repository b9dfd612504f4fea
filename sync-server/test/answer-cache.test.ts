import { afterAll, beforeAll, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DbHandle } from '../src/db/connect.ts';
import { newId } from '../src/db/ids.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { describeEachDb } from './helper.ts';

type ListAnswer = { petitions: { data: { id: string; title: string }[]; total: number } };

/**
 * The hot REST reads answer again what they answered while nothing changed (http/answer-cache.ts), and never
 * anything stale: a change made by REST, by a device's push, directly in the database or by another server
 * process on the same database shows at the very next request; each user gets their own answer; a blocked user
 * is refused whatever was kept.
 */
describeEachDb('REST answers kept while the data is unchanged', (kind) => {
  let f: CaseFirm;
  let second: { app: FastifyInstance; database: DbHandle };
  const get = (app: FastifyInstance, url: string, auth: Auth) =>
    app.inject({ method: 'GET', url, headers: auth });
  const titles = async (app: FastifyInstance, auth: Auth) => {
    const r = await get(app, '/api/petitions?page=1', auth);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<ListAnswer>().petitions.data.map((p) => p.title);
  };

  beforeAll(async () => {
    f = await caseFirm(kind);
    const database = await openDatabase(f.t.config.databaseUrl);
    const app = await buildApp({ config: f.t.config, database });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
    await f.t.close();
  });

  it('answers the same bytes again while nothing changed', async () => {
    await f.petition({ title: 'Kept v. Again' });
    const a = await get(f.t.app, '/api/petitions?page=1', f.admin);
    const b = await get(f.t.app, '/api/petitions?page=1', f.admin);
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(b.json<ListAnswer>().petitions.data.map((p) => p.title)).toContain('Kept v. Again');
  });

  it('shows a REST save at the next request', async () => {
    const id = await f.petition({ title: 'Before v. Rest' });
    expect(await titles(f.t.app, f.admin)).toContain('Before v. Rest');
    const r = await f.call('POST', '/api/petitions', f.admin, { id, case_no: '101', title: 'After v. Rest' });
    expect(r.statusCode, r.body).toBe(200);
    const now = await titles(f.t.app, f.admin);
    expect(now).toContain('After v. Rest');
    expect(now).not.toContain('Before v. Rest');
  });

  it("shows a device's push at the next request", async () => {
    expect(await titles(f.t.app, f.admin)).not.toContain('Pushed v. Phone');
    const push = await f.call('POST', '/sync/push', f.admin, {
      clientId: `phone-${newId()}`,
      mutations: [
        {
          id: 1,
          name: 'put',
          args: { entity: 'petitions', id: newId(), values: { case_no: '7', title: 'Pushed v. Phone' } },
        },
      ],
    });
    expect(push.statusCode, push.body).toBe(200);
    expect(push.json<{ results: { status: string }[] }>().results[0]!.status, push.body).toBe('applied');
    expect(await titles(f.t.app, f.admin)).toContain('Pushed v. Phone');
  });

  it('shows a change made by another server process on the same database at the next request', async () => {
    const id = await f.petition({ title: 'Before v. Other Process' });
    expect(await titles(f.t.app, f.admin)).toContain('Before v. Other Process');
    expect(await titles(f.t.app, f.admin)).toContain('Before v. Other Process');
    const r = await second.app.inject({
      method: 'POST',
      url: '/api/petitions',
      headers: f.admin,
      payload: { id, case_no: '101', title: 'After v. Other Process' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await titles(f.t.app, f.admin)).toContain('After v. Other Process');
  });

  it('shows a change written straight into the database at the next request', async () => {
    const id = await f.petition({ title: 'Before v. Direct' });
    expect(await titles(f.t.app, f.admin)).toContain('Before v. Direct');
    await f.t.app.db
      .updateTable('petitions')
      .set({ title: 'After v. Direct' })
      .where('id', '=', id)
      .execute();
    expect(await titles(f.t.app, f.admin)).toContain('After v. Direct');
  });

  it("gives each user their own answer: a client never receives the admin's kept list", async () => {
    await f.petition({ title: 'Admin Only v. Client' });
    const admin = await titles(f.t.app, f.admin);
    expect(admin).toContain('Admin Only v. Client');
    const client = await get(f.t.app, '/api/petitions?page=1', f.client);
    if (client.statusCode === 200)
      expect(client.json<ListAnswer>().petitions.data.map((p) => p.title)).not.toContain(
        'Admin Only v. Client',
      );
    else expect(client.statusCode).toBe(403);
    // Another firm's admin, same URL: their own firm's (empty) list.
    expect(await titles(f.t.app, f.other)).not.toContain('Admin Only v. Client');
  });

  it('refuses a blocked user although their answer was kept', async () => {
    const me = await get(f.t.app, '/api/user', f.lawyer);
    expect(me.statusCode).toBe(200);
    expect((await get(f.t.app, '/api/user', f.lawyer)).statusCode).toBe(200);
    const block = await f.call('POST', '/api/approve_or_block', f.admin, {
      user: { id: f.lawyerId, is_approved: false },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect((await get(f.t.app, '/api/user', f.lawyer)).statusCode).toBe(401);
  });
  it('gives a kept answer to each client in the encoding it accepts, the same JSON in each, changes included', async () => {
    await f.petition({ title: 'Encoded v. Kept' });
    const url = '/api/petitions?page=1';
    const as = (encoding: string | undefined) =>
      f.t.app.inject({
        method: 'GET',
        url,
        headers: { ...f.admin, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await as(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.body;
    const rowsOf = (text: string) =>
      (JSON.parse(text) as ListAnswer).petitions.data.map((p) => `${p.id} ${p.title}`);
    // Twice each: the first is read and kept, the second given from what was kept.
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
      ['gzip, deflate, br, zstd', 'br'],
    ] as const)
      for (let i = 0; i < 2; i++) {
        const r = await as(accept);
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-encoding']).toBe(expected);
        const raw = r.rawPayload;
        const text = (
          expected === 'br' ? brotliDecompressSync(raw) : expected === 'gzip' ? gunzipSync(raw) : raw
        ).toString();
        // The same list (signed links in it may differ where answers are not kept: PostgreSQL).
        expect(rowsOf(text)).toEqual(rowsOf(json));
        if (expected) {
          expect(r.headers.vary).toContain('accept-encoding');
          expect(raw.length).toBeLessThan(json.length / 2);
        }
      }
    // A change shows to a client reading compressed answers too.
    await f.petition({ title: 'Encoded v. Changed' });
    const after = await as('br');
    expect(brotliDecompressSync(after.rawPayload).toString()).toContain('Encoded v. Changed');
  });
});
