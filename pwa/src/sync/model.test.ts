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
import { createHttpClient } from '../http/client.ts';
import { memorySession } from '../http/test-session.ts';
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
    http: createHttpClient({ baseUrl, fetch: f, session: memorySession(person.token) }),
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

/**
 * The same loop over a parent/child/attachment family (case files, index items, their attachments): devices
 * create, edit, attach, delete and try to move rows while offline. Once everyone has synced:
 *  - devices show exactly the server's rows;
 *  - no orphan survives anywhere: every live index item has a live case file, every live attachment a live
 *    owner in the same case file, on the server and on every device;
 *  - a move to another case file is refused and stays refused: every item stays in the case file it was made in.
 */
type RelCmd =
  | { kind: 'item'; dev: number; item: number; value: string }
  | { kind: 'attach'; dev: number; file: number; item: number }
  | { kind: 'move'; dev: number; item: number }
  | { kind: 'deleteCase'; dev: number; petition: number }
  | { kind: 'deleteItem'; dev: number; item: number }
  | { kind: 'offline'; dev: number; offline: boolean }
  | { kind: 'loseAnswer'; dev: number }
  | { kind: 'sync'; dev: number };

const REL_DEVICES = 3;
const ITEMS = 4;
const FILES = 4;
const relDev = fc.integer({ min: 0, max: REL_DEVICES - 1 });
const item = fc.integer({ min: 0, max: ITEMS - 1 });
const relCmd: fc.Arbitrary<RelCmd> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('item' as const),
      dev: relDev,
      item,
      value: fc.stringMatching(/^[A-Z][a-z]{1,6}$/),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('attach' as const),
      dev: relDev,
      file: fc.integer({ min: 0, max: FILES - 1 }),
      item,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('move' as const), dev: relDev, item }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deleteCase' as const),
      dev: relDev,
      petition: fc.integer({ min: 0, max: 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteItem' as const), dev: relDev, item }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('offline' as const), dev: relDev, offline: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('loseAnswer' as const), dev: relDev }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), dev: relDev }) },
);

const FAMILY = ['petitions', 'petition_index', 'attachments'] as const;
const view = (entity: string, r: Record<string, unknown> | undefined | null) => {
  if (!r) return null;
  if (entity === 'petitions') return { title: r.title };
  if (entity === 'petition_index')
    return { petition_id: r.petition_id, document_description: r.document_description };
  return { petition_id: r.petition_id, owner_id: r.owner_id };
};

/** Rows that hang off a row that is not there: what must never survive. */
function orphans(rows: Record<string, Map<string, Record<string, unknown>>>): string[] {
  const out: string[] = [];
  for (const [id, r] of rows.petition_index!)
    if (!rows.petitions!.has(String(r.petition_id))) out.push(`index item ${id}`);
  for (const [id, a] of rows.attachments!) {
    const owner = rows.petition_index!.get(String(a.owner_id));
    if (!owner || owner.petition_id !== a.petition_id || !rows.petitions!.has(String(a.petition_id)))
      out.push(`attachment ${id}`);
  }
  return out;
}

it('a family of case file, index items and attachments converges with no orphan and no move', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(relCmd, { minLength: 5, maxLength: 30 }), async (cmds) => {
      // Two admins and a lawyer: all three may edit case files.
      const devices = [device(people[0]!), device(people[1]!), device(people[2]!)];
      const petitions = [newId(), newId()];
      const items = Array.from({ length: ITEMS }, () => newId());
      const files = Array.from({ length: FILES }, () => newId());
      // Each item belongs to one case file for life; a 'move' tries the other one.
      const home = (i: number) => petitions[i % 2]!;
      for (const [i, id] of petitions.entries())
        await putLocal(devices[0]!.db, 'petitions', id, { case_no: `${i + 1}`, title: `Case ${i}` });
      for (const d of devices) await d.engine.syncNow();

      for (const c of cmds) {
        const d = devices[c.dev]!;
        if (c.kind === 'item') {
          const known = await d.db.rows('petition_index').get(items[c.item]!);
          await putLocal(d.db, 'petition_index', items[c.item]!, {
            ...(known ? {} : { petition_id: home(c.item) }),
            document_description: c.value,
          });
        } else if (c.kind === 'attach')
          await putLocal(d.db, 'attachments', files[c.file]!, {
            petition_id: home(c.item),
            owner_type: 'PetitionIndex',
            owner_id: items[c.item]!,
            sha256: 'a'.repeat(64),
            file_name: `scan-${c.file}.png`,
            mime_type: 'image/png',
            size: 10,
          });
        else if (c.kind === 'move')
          await putLocal(d.db, 'petition_index', items[c.item]!, {
            petition_id: petitions[(c.item + 1) % 2],
          });
        else if (c.kind === 'deleteCase') await deleteLocal(d.db, 'petitions', petitions[c.petition]!);
        else if (c.kind === 'deleteItem') await deleteLocal(d.db, 'petition_index', items[c.item]!);
        else if (c.kind === 'offline') d.net.offline = c.offline;
        else if (c.kind === 'loseAnswer') d.net.loseNextPushAnswer = true;
        else await d.engine.syncNow();
      }
      for (const d of devices) d.net.offline = false;
      for (let round = 0; round < 2; round++) for (const d of devices) await d.engine.syncNow();

      const ids = { petitions, petition_index: items, attachments: files };
      const serverLive: Record<string, Map<string, Record<string, unknown>>> = {};
      for (const entity of FAMILY) {
        const rows = await t.app.db
          .selectFrom(entity)
          .selectAll()
          .where('id', 'in', ids[entity])
          .where('deleted_at', 'is', null)
          .execute();
        serverLive[entity] = new Map(rows.map((r) => [r.id, r as Record<string, unknown>]));
      }
      expect(orphans(serverLive), 'orphans on the server').toEqual([]);
      for (const [i, id] of items.entries()) {
        const r = serverLive.petition_index!.get(id);
        if (r) expect(r.petition_id, `item ${i} stays in its case file`).toBe(home(i));
      }
      for (const d of devices) {
        const local: Record<string, Map<string, Record<string, unknown>>> = {};
        for (const entity of FAMILY) {
          const rows = (await d.db.rows(entity).bulkGet(ids[entity])).filter((r) => !!r);
          local[entity] = new Map(rows.map((r) => [r.id, r]));
          for (const id of ids[entity])
            expect(view(entity, local[entity].get(id)), `${entity} ${id} on a device`).toEqual(
              view(entity, serverLive[entity]!.get(id)),
            );
        }
        expect(orphans(local), 'orphans on a device').toEqual([]);
        const outbox = await d.db.outbox.toArray();
        expect(outbox.filter((o) => o.status === 'pending')).toEqual([]);
        const results = await t.app.db
          .selectFrom('sync_results')
          .selectAll()
          .where('client_id', '=', await clientIdOf(d.db))
          .execute();
        const refused = results
          .filter((r) => r.status === 'rejected')
          .map((r) => Number(r.mutation_id))
          .sort((a, b) => a - b);
        expect(
          outbox
            .filter((o) => o.status === 'rejected')
            .map((o) => o.id)
            .sort((a, b) => a - b),
        ).toEqual(refused);
      }
      for (const d of devices) {
        await d.engine.stop();
        d.db.close();
      }
    }),
    { numRuns: 30, endOnFailure: true },
  );
}, 300_000);
