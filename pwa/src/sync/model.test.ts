import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adminBearer,
  bearerFor,
  createTestApp,
  insertUser,
  type TestApp,
} from '../../../sync-server/test/helper.ts';
import { newId } from '../../../sync-server/src/db/ids.ts';
import { deleteLocal, putLocal } from './actions.ts';
import { clientIdOf, openLocalDb, type LocalDb } from './db.ts';
import { SyncEngine } from './engine.ts';

/**
 * Model-based test of the whole sync loop: several devices over fake-indexeddb against the real server,
 * with random edits, offline periods, push answers lost after the server committed, and old push bodies
 * replayed in shuffled order. Whatever happens, once everyone is back online and has synced:
 *  - every device shows exactly the server's rows (convergence);
 *  - every mutation a device made got exactly one outcome on the server, and the device shows each one that
 *    was refused (nothing lost silently, nothing applied twice).
 */
let t: TestApp;
let baseUrl: string;
type Person = { id: string; token: string };
let people: Person[] = [];

beforeAll(async () => {
  t = await createTestApp('sqlite');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const admin = await adminBearer(t);
  const adminRow = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@test.firm')
    .executeTakeFirstOrThrow();
  const second = await insertUser(t, { role: 'ADMIN', name: 'Second Admin' });
  const lawyer = await insertUser(t, { role: 'LAWYER', name: 'A Lawyer' });
  const tok = (h: { authorization: string }) => h.authorization.slice(7);
  people = [
    { id: adminRow.id, token: tok(admin) },
    { id: second.id, token: tok(await bearerFor(t, second.email, second.password)) },
    // A lawyer may not edit courts: every one of their edits must come back refused, and be shown.
    { id: lawyer.id, token: tok(await bearerFor(t, lawyer.email, lawyer.password)) },
  ];
}, 60_000);
afterAll(() => t.close());

type Device = {
  db: LocalDb;
  engine: SyncEngine;
  net: { offline: boolean; loseNextPushAnswer: boolean; pushBodies: string[] };
  person: Person;
};

function device(person: Person): Device {
  const db = openLocalDb(person.id, `-model-${newId()}`);
  const net: Device['net'] = { offline: false, loseNextPushAnswer: false, pushBodies: [] };
  const f: typeof fetch = async (input, init) => {
    if (net.offline) throw new TypeError('fetch failed');
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/sync/push') && typeof init?.body === 'string') net.pushBodies.push(init.body);
    const res = await fetch(input, init);
    if (url.includes('/sync/push') && net.loseNextPushAnswer) {
      net.loseNextPushAnswer = false;
      await res.text();
      throw new TypeError('network connection lost');
    }
    return res;
  };
  const engine = new SyncEngine({
    db,
    baseUrl,
    fetch: f,
    getToken: () => person.token,
    refreshToken: async () => null,
    userId: person.id,
    debounceMs: 1_000_000,
  });
  return { db, engine, net, person };
}

type Cmd =
  | { kind: 'put'; dev: number; row: number; field: 'title' | 'short_title'; value: string }
  | { kind: 'delete'; dev: number; row: number }
  | { kind: 'offline'; dev: number; offline: boolean }
  | { kind: 'loseAnswer'; dev: number }
  | { kind: 'replay'; dev: number; seed: number }
  | { kind: 'sync'; dev: number };

const DEVICES = 4; // two phones of the first admin, the second admin, the lawyer
const ROWS = 3;
const dev = fc.integer({ min: 0, max: DEVICES - 1 });
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('put' as const),
      dev,
      row: fc.integer({ min: 0, max: ROWS - 1 }),
      field: fc.constantFrom('title' as const, 'short_title' as const),
      value: fc.stringMatching(/^[A-Z][a-z]{1,6}$/),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      dev,
      row: fc.integer({ min: 0, max: ROWS - 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('offline' as const), dev, offline: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('loseAnswer' as const), dev }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), dev, seed: fc.integer() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), dev }) },
);

async function replay(d: Device, seed: number): Promise<void> {
  if (!d.net.pushBodies.length) return;
  const body = JSON.parse(d.net.pushBodies[Math.abs(seed) % d.net.pushBodies.length]!) as {
    clientId: string;
    mutations: unknown[];
  };
  // An old batch arriving again, its mutations in another order (a proxy retrying, a slow duplicate).
  const mutations = [...body.mutations].sort(() => (seed % 2 ? 1 : -1));
  await fetch(`${baseUrl}/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${d.person.token}` },
    body: JSON.stringify({ ...body, mutations }),
  });
}

const fields = (r: Record<string, unknown> | undefined | null) =>
  r ? { title: r.title ?? null, short_title: r.short_title ?? null } : null;

it('devices converge to the server and every mutation gets exactly one visible outcome', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(cmd, { minLength: 5, maxLength: 30 }), async (cmds) => {
      const devices = [device(people[0]!), device(people[0]!), device(people[1]!), device(people[2]!)];
      // The admin creates the rows everyone works on, and every device starts from the same state.
      const ids = Array.from({ length: ROWS }, () => newId());
      for (const [i, id] of ids.entries())
        await putLocal(devices[0]!.db, 'courts', id, { title: `Court ${i}`, short_title: `C${i}` });
      for (const d of devices) await d.engine.syncNow();

      for (const c of cmds) {
        const d = devices[c.dev]!;
        if (c.kind === 'put') await putLocal(d.db, 'courts', ids[c.row]!, { [c.field]: c.value });
        else if (c.kind === 'delete') await deleteLocal(d.db, 'courts', ids[c.row]!);
        else if (c.kind === 'offline') d.net.offline = c.offline;
        else if (c.kind === 'loseAnswer') d.net.loseNextPushAnswer = true;
        else if (c.kind === 'replay') await replay(d, c.seed);
        else await d.engine.syncNow();
      }

      // Everyone back online; two rounds so every device sees every other device's last push.
      for (const d of devices) d.net.offline = false;
      for (let round = 0; round < 2; round++) for (const d of devices) await d.engine.syncNow();

      const server = await t.app.db.selectFrom('courts').selectAll().where('id', 'in', ids).execute();
      for (const d of devices) {
        for (const id of ids) {
          const s = server.find((r) => r.id === id);
          const local = await d.db.rows('courts').get(id);
          expect(
            fields(local as Record<string, unknown> | undefined),
            `device ${d.person.id} row ${id}`,
          ).toEqual(s && !s.deleted_at ? fields(s) : null);
        }
        const outbox = await d.db.outbox.toArray();
        expect(outbox.filter((o) => o.status === 'pending')).toEqual([]);
        // Exactly one outcome per mutation the device ever made, recorded once on the server…
        const clientId = await clientIdOf(d.db);
        const results = await t.app.db
          .selectFrom('sync_results')
          .selectAll()
          .where('client_id', '=', clientId)
          .execute();
        const ids2 = results.map((r) => Number(r.mutation_id));
        expect(new Set(ids2).size).toBe(ids2.length);
        // …and every refusal is still shown on the device (kept in the outbox as rejected, with the reason).
        const refused = results
          .filter((r) => r.status === 'rejected')
          .map((r) => Number(r.mutation_id))
          .sort((a, b) => a - b);
        const shown = outbox
          .filter((o) => o.status === 'rejected')
          .map((o) => o.id)
          .sort((a, b) => a - b);
        expect(shown).toEqual(refused);
        if (d.person === people[2]) expect(results.every((r) => r.status === 'rejected')).toBe(true);
      }
      for (const d of devices) {
        await d.engine.stop();
        d.db.close();
      }
    }),
    { numRuns: 40, endOnFailure: true },
  );
}, 240_000);
