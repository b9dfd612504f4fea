import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActor, TMutation } from '@lawfirm/shared-types';
import type { Database } from '../src/db/schema.ts';
import { newId } from '../src/db/ids.ts';
import { REGISTRY } from '../src/entities.ts';
import { createPushWriter } from '../src/sync/push.ts';
import { createTestApp, insertUser, type TestApp } from './helper.ts';

const put = (id: number, entity: string, values: Record<string, unknown>, rowId = newId()): TMutation => ({
  id,
  name: 'put',
  args: { entity, id: rowId, values },
});

/**
 * On PostgreSQL every statement of a group commit is a round trip its one connection waits for (issue 33): the
 * group's bookkeeping (the firm's change numbers, the devices' client rows, ids and results, the change log)
 * costs the same few statements however many devices share the group, and a reference row that fifty new case
 * files name is read once.
 */
// PostgreSQL only: SQLite keeps its own path (a statement there costs microseconds, not a round trip). Without
// DATABASE_URL_TEST the suite is skipped; leaving it out of such runs altogether belongs in vitest.config.ts.
const kind = 'postgres' as const;
describe.skipIf(!process.env.DATABASE_URL_TEST)('sync: statements per group commit [postgres]', () => {
  let t: TestApp;
  let actor: TActor;
  let db: Kysely<Database>;
  /** The statements sent, per group (a group starts at its `begin`). */
  let groups: string[][] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const u = await insertUser(t, { role: 'ADMIN' });
    actor = {
      id: u.id,
      company_id: u.companyId,
      is_admin: true,
      is_lawyer: false,
      is_student: false,
      is_client: false,
      is_provider: true,
    };
    const pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
        const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text: string }).text;
        if (/^begin/i.test(text)) groups.push([]);
        groups.at(-1)?.push(text);
        return query(...a);
      };
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  });
  afterAll(async () => {
    await db?.destroy();
    await t.close();
  });

  /** N devices push one mutation each at once; answers the statements of the groups that applied them. */
  async function pushFrom(n: number, mutation: (i: number) => TMutation) {
    const writer = createPushWriter(db, 'postgres', REGISTRY, () => undefined);
    groups = [];
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => writer.push(actor, `stmt-${n}-${i}-${newId()}`, [mutation(i)])),
    );
    for (const a of answers) expect(a.results.map((r) => r.status)).toEqual(['applied']);
    return groups.filter((g) => g.length > 1);
  }

  const bookkeeping = (g: string[]) =>
    g.filter((s) => /\b(sync_state|sync_clients|sync_results|change_log)\b/.test(s)).length;

  it('costs a constant number of statements per group, its new rows one multi-row insert, no savepoints', async () => {
    for (const n of [5, 40]) {
      const titles = Array.from({ length: n }, (_, i) => `Statement Act ${n}/${i}`);
      const gs = await pushFrom(n, (i) => put(1, 'statutes', { title: titles[i] }));
      for (const g of gs) {
        // The firm's change numbers (taken and written back), the client rows, and the closing statement.
        expect(bookkeeping(g)).toBeLessThanOrEqual(3);
        // The group's new rows: one statement, whatever their number.
        expect(g.filter((s) => /^insert into "statutes"/.test(s))).toHaveLength(1);
        expect(g.filter((s) => /^(savepoint|release|rollback to)/i.test(s))).toEqual([]);
        // begin, the firm, the clients, the rows read beforehand, the rows, the closing statement, commit.
        expect(g.length).toBeLessThanOrEqual(7);
      }
      const stored = await t.app.db
        .selectFrom('statutes')
        .select('title')
        .where('title', 'in', titles)
        .execute();
      expect(stored.map((r) => r.title).sort()).toEqual([...titles].sort());
    }
  });

  it('runs a group again with savepoints when one of its mutations is refused: only that one is undone', async () => {
    const writer = createPushWriter(db, 'postgres', REGISTRY, () => undefined);
    groups = [];
    const devices = Array.from({ length: 8 }, (_, i) => ({
      clientId: `refused-${i}-${newId()}`,
      row: newId(),
    }));
    const answers = await Promise.all(
      devices.map((d, i) =>
        // Device 3 sends a statute without a title, which can never be applied.
        writer.push(actor, d.clientId, [
          put(1, 'statutes', { title: i === 3 ? '' : `Kept Act ${i}` }, d.row),
        ]),
      ),
    );
    for (const [i, a] of answers.entries()) {
      expect(a.lastMutationId).toBe(1);
      expect(a.results.map((r) => r.status)).toEqual([i === 3 ? 'rejected' : 'applied']);
    }
    const stored = await t.app.db
      .selectFrom('statutes')
      .select('id')
      .where(
        'id',
        'in',
        devices.map((d) => d.row),
      )
      .execute();
    expect(stored.map((r) => r.id).sort()).toEqual(
      devices
        .filter((_, i) => i !== 3)
        .map((d) => d.row)
        .sort(),
    );
    // The run that met the refusal was rolled back, and the group run again with a savepoint per mutation.
    const all = groups.flat();
    expect(all.some((s) => /^rollback$/i.test(s.trim()))).toBe(true);
    expect(all.some((s) => /rollback to savepoint/i.test(s))).toBe(true);
  });

  it('reads a court that many new case files name once per group', async () => {
    const court = newId();
    await pushFrom(1, () => put(1, 'courts', { title: 'Sessions Court Lahore' }, court));
    const gs = await pushFrom(20, (i) =>
      put(1, 'petitions', { case_no: `S-${i}`, year: 2026, title: `State v. ${i}`, court_id: court }),
    );
    for (const g of gs) {
      const inserts = g.filter((s) => /^insert into "petitions"/.test(s)).length;
      const courtReads = g.filter((s) => /from "courts"/.test(s)).length;
      // The merge check and the live check of the court: once each per group, not per case file.
      expect(courtReads).toBeLessThanOrEqual(2);
      expect(inserts).toBeGreaterThan(0);
      expect(g.filter((s) => /from "petitions"/.test(s)).length).toBeLessThanOrEqual(1);
    }
    const stored = await t.app.db
      .selectFrom('petitions')
      .select('court_id')
      .where('court_id', '=', court)
      .execute();
    expect(stored).toHaveLength(20);
  });
});
