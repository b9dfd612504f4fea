import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type DatabaseConnection, type Dialect } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statutesDecl, type TActor, type TMutation } from '@lawfirm/shared-types';
import type { Database } from '../src/db/schema.ts';
import { newId } from '../src/db/ids.ts';
import { REGISTRY } from '../src/entities.ts';
import { createRegistry, serverEntity, type SyncRegistry } from '../src/sync/entities.ts';
import { createPushWriter } from '../src/sync/push.ts';
import { createTestApp, describeEachDb, insertAdminActor, type TestApp } from './helper.ts';

const put = (id: number, title: string, rowId = newId()): TMutation => ({
  id,
  name: 'put',
  args: { entity: 'statutes', id: rowId, values: { title } },
});

/** A registry whose statutes fail like a lost connection when titled BOOM (a transient failure). */
const flaky: SyncRegistry = createRegistry(
  [
    serverEntity(statutesDecl, {
      check: async (_trx, _actor, row) => {
        if (row.title === 'BOOM') throw new Error('connection reset by peer');
        return null;
      },
    }),
  ],
  REGISTRY.access,
);

/** The same database through a driver whose next `times` commits are lost (the disk or the connection fails then). */
function commitFails(t: TestApp, times: number): { db: Kysely<Database>; close: () => Promise<void> } {
  const base: Dialect =
    t.kind === 'postgres'
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 }) })
      : new SqliteDialect({ database: new SQLite(t.config.databaseUrl) });
  let fail = times;
  const dialect: Dialect = {
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
    createDriver: () => {
      const inner = base.createDriver();
      return new Proxy(inner, {
        get(target, prop, receiver) {
          if (prop === 'commitTransaction')
            return async (c: DatabaseConnection) => {
              if (!fail) return inner.commitTransaction(c);
              fail--;
              await inner.rollbackTransaction(c);
              throw new Error('commit lost');
            };
          const v: unknown = Reflect.get(target, prop, receiver);
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
    },
  };
  const db = new Kysely<Database>({ dialect });
  return { db, close: () => db.destroy() };
}

describeEachDb('sync: pushes from many devices share group commits', (kind) => {
  let t: TestApp;
  let actors: TActor[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    actors = [];
    for (let i = 0; i < 3; i++) {
      actors.push(await insertAdminActor(t));
    }
  });
  afterAll(() => t.close());

  const titles = async (rowIds: string[]) =>
    (await t.app.db.selectFrom('statutes').select('title').where('id', 'in', rowIds).execute())
      .map((r) => r.title)
      .sort();

  it('answers each of 40 concurrent devices with exactly its own results, rejected ones included, in few commits', async () => {
    const changed: string[] = [];
    const writer = createPushWriter(t.app.db, kind, REGISTRY, (c) => changed.push(c));
    const devices = Array.from({ length: 40 }, (_, i) => ({
      clientId: `group-${i}-${newId()}`,
      actor: actors[i % actors.length]!,
      rows: [newId(), newId()],
    }));
    const answers = await Promise.all(
      devices.map((d, i) =>
        writer.push(d.actor, d.clientId, [
          put(1, `Group Act ${i}`, d.rows[0]),
          // Every third device sends one the server refuses (an empty title), between two good ones.
          put(2, i % 3 === 0 ? ' ' : `Group Act ${i} b`),
          put(3, `Group Act ${i} renamed`, d.rows[0]),
        ]),
      ),
    );
    for (const [i, a] of answers.entries()) {
      expect(a.lastMutationId).toBe(3);
      expect(a.results.map((r) => [r.id, r.status])).toEqual([
        [1, 'applied'],
        [2, i % 3 === 0 ? 'rejected' : 'applied'],
        [3, 'applied'],
      ]);
      if (i % 3 === 0) expect(a.results[1]!.message).toBe('Title field is required.');
      expect(await titles([devices[i]!.rows[0]!])).toEqual([`Group Act ${i} renamed`]);
    }
    // The firm is poked once per commit that changed something: the 40 pushes shared fewer commits than pushes.
    expect(new Set(changed)).toEqual(new Set([t.providerId]));
    const stored = await t.app.db
      .selectFrom('sync_results')
      .select(['client_id', 'mutation_id', 'status'])
      .where(
        'client_id',
        'in',
        devices.map((d) => d.clientId),
      )
      .execute();
    expect(stored).toHaveLength(120);
    expect(changed.length).toBeLessThan(40);

    // A retry of the same pushes changes nothing and answers nothing new: the ids were seen.
    const again = await writer.push(devices[0]!.actor, devices[0]!.clientId, [
      put(1, 'Changed'),
      put(3, 'Changed'),
    ]);
    expect(again).toEqual({ lastMutationId: 3, results: [] });
  });

  it('a transient failure stops only that device’s push, after what it committed; the other devices are applied', async () => {
    const writer = createPushWriter(t.app.db, kind, flaky, () => undefined);
    const a = { clientId: `flaky-a-${newId()}`, rows: [newId(), newId(), newId()] };
    const b = { clientId: `flaky-b-${newId()}`, rows: [newId()] };
    const [ra, rb] = await Promise.all([
      writer.push(actors[0]!, a.clientId, [
        put(1, 'Kept Act', a.rows[0]),
        put(2, 'BOOM', a.rows[1]),
        put(3, 'Later Act', a.rows[2]),
      ]),
      writer.push(actors[1]!, b.clientId, [put(1, 'Other Device Act', b.rows[0])]),
    ]);
    expect(ra).toEqual({ lastMutationId: 1, results: [{ id: 1, status: 'applied' }] });
    expect(rb).toEqual({ lastMutationId: 1, results: [{ id: 1, status: 'applied' }] });
    expect(await titles(a.rows)).toEqual(['Kept Act']);
    expect(await titles(b.rows)).toEqual(['Other Device Act']);
    // The device sends the rest again later and it is applied then, once.
    const retry = await writer.push(actors[0]!, a.clientId, [
      put(2, 'Fixed Act', a.rows[1]),
      put(3, 'Later Act', a.rows[2]),
    ]);
    expect(retry.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await titles(a.rows)).toEqual(['Fixed Act', 'Kept Act', 'Later Act']);
  });

  // Two servers' groups of one firm take turns on the firm's lock (PostgreSQL's row lock; SQLite has one writer).
  it.runIf(kind === 'postgres')(
    'a group that waits for another server’s lock of the firm takes the pushes that came while it waited',
    async () => {
      const changed: string[] = [];
      // The group's time bound (50 ms) beyond the wait: a group that used it all up waiting would apply nothing
      // and leave its pushes to the next.
      const writer = createPushWriter(t.app.db, kind, REGISTRY, (c) => changed.push(c), {
        maxGroupMs: 60_000,
      });
      const device = (i: number) => ({ clientId: `turn-${i}-${newId()}`, row: newId() });
      const devices = [0, 1, 2, 3, 4].map(device);
      const firm = actors[0]!.company_id;
      // The firm's row exists (a push made it); another server's group then holds its lock.
      await writer.push(actors[0]!, `turn-first-${newId()}`, [put(1, 'Turn First Act')]);
      changed.length = 0;
      const other = new pg.Client({ connectionString: t.config.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('update sync_state set last_seq = last_seq where company_id = $1', [firm]);
        const first = writer.push(actors[0]!, devices[0]!.clientId, [put(1, 'Turn Act 0', devices[0]!.row)]);
        // The first device's group waits for the lock (a session of this database waiting on a lock) ...
        await expect
          .poll(
            async () =>
              (
                await other.query(
                  `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
                )
              ).rows[0].n,
          )
          .toBe(1);
        // ... while four more devices push.
        const rest = devices
          .slice(1)
          .map((d, i) =>
            writer.push(actors[(i + 1) % actors.length]!, d.clientId, [put(1, `Turn Act ${i + 1}`, d.row)]),
          );
        await new Promise((r) => setImmediate(r));
        await other.query('commit');
        const answers = await Promise.all([first, ...rest]);
        for (const a of answers)
          expect(a).toEqual({ lastMutationId: 1, results: [{ id: 1, status: 'applied' }] });
        expect(await titles(devices.map((d) => d.row))).toEqual([0, 1, 2, 3, 4].map((i) => `Turn Act ${i}`));
        // One commit for all five: the ones that came during the wait did not wait for another turn.
        expect(changed).toEqual([firm]);
      } finally {
        await other.query('rollback').catch(() => undefined);
        await other.end();
      }
    },
  );

  it('a group whose commit fails acknowledges nothing of it to any device, and the retries apply it once', async () => {
    // On PostgreSQL a group that fails is run once more, with savepoints (push.ts): both commits fail here.
    const failing = commitFails(t, kind === 'postgres' ? 2 : 1);
    try {
      const writer = createPushWriter(failing.db, kind, REGISTRY, () => undefined);
      const devices = [0, 1, 2].map((i) => ({
        clientId: `lost-${i}-${newId()}`,
        row: newId(),
        actor: actors[i]!,
      }));
      const answers = await Promise.all(
        devices.map((d, i) => writer.push(d.actor, d.clientId, [put(1, `Lost Act ${i}`, d.row)])),
      );
      // Nothing was acknowledged by the group that did not commit (some may have committed in a later group).
      for (const [i, ans] of answers.entries()) {
        const stored = await titles([devices[i]!.row]);
        if (ans.results.length) expect(stored).toEqual([`Lost Act ${i}`]);
        else expect(ans.lastMutationId).toBe(0);
      }
      expect(answers.some((ans) => ans.results.length === 0)).toBe(true);
      // Each device sends its queue again: everything is there, once.
      for (const [i, d] of devices.entries()) {
        const r = await writer.push(d.actor, d.clientId, [put(1, `Lost Act ${i}`, d.row)]);
        expect(r.lastMutationId).toBe(1);
        expect(await titles([d.row])).toEqual([`Lost Act ${i}`]);
      }
    } finally {
      await failing.close();
    }
  });
});
