import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActor, TMutation } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { pipelined } from '../src/db/pg-pipeline.ts';
import { REGISTRY } from '../src/entities.ts';
import { createPushWriter } from '../src/sync/push.ts';
import { createTestApp, insertAdminActor, type TestApp } from './helper.ts';

const put = (id: number, values: Record<string, unknown>, rowId = newId()): TMutation => ({
  id,
  name: 'put',
  args: { entity: 'statutes', id: rowId, values },
});

/**
 * The push writer's pipelined connection (db/pg-pipeline.ts) sends a group's closing statement and its commit
 * together. When the closing statement fails, PostgreSQL answers that commit with a rollback: the writer must
 * see the group as failed, acknowledge nothing of that run and run it again, so every other device's change is
 * still applied and the failing one is kept on its device.
 */
describe.skipIf(!process.env.DATABASE_URL_TEST)('sync: a pipelined group commit [postgres]', () => {
  let t: TestApp;
  let actor: TActor;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    actor = await insertAdminActor(t);
    // A row the database itself refuses when it is written, past every check the store makes: the group's
    // new rows are written by its closing statement, so that statement fails.
    await sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.title = 'Boom Act' then raise exception 'refused by the database'; end if;
        return new;
      end $$`.execute(t.app.db);
    await sql`create trigger refuse_boom before insert on statutes for each row execute function refuse_boom()`.execute(
      t.app.db,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs on its own pipelined connection', () => {
    expect(pipelined.has(t.app.pushDb)).toBe(true);
    expect(t.app.pushDb).not.toBe(t.app.db);
  });

  it('a closing statement that fails acknowledges nothing of its run; the others apply when it is run again', async () => {
    const writer = createPushWriter(t.app.pushDb, 'postgres', REGISTRY, () => undefined);
    const titles = Array.from({ length: 8 }, (_, i) => (i === 5 ? 'Boom Act' : `Piped Act ${i}`));
    const answers = await Promise.all(
      titles.map((title, i) => writer.push(actor, `piped-${i}-${newId()}`, [put(1, { title })])),
    );
    for (const [i, a] of answers.entries()) {
      if (i === 5) {
        // A failure the device cannot help (the database refused): nothing applied, the device sends it again.
        expect(a).toEqual({ lastMutationId: 0, results: [] });
      } else expect(a.results.map((r) => r.status)).toEqual(['applied']);
    }
    const stored = await t.app.db
      .selectFrom('statutes')
      .select('title')
      .where('title', 'in', titles)
      .execute();
    expect(stored.map((r) => r.title).sort()).toEqual(titles.filter((x) => x !== 'Boom Act').sort());
    // Each applied device's id advanced with its change, in the same commit; the refused one's did not.
    const clients = await t.app.db
      .selectFrom('sync_clients')
      .select(['client_id', 'last_mutation_id'])
      .where('client_id', 'like', 'piped-%')
      .execute();
    expect(clients.filter((c) => Number(c.last_mutation_id) === 1)).toHaveLength(7);
  });

  it('a later group on the same connection starts clean after a failed one', async () => {
    const writer = createPushWriter(t.app.pushDb, 'postgres', REGISTRY, () => undefined);
    const a = await writer.push(actor, `after-${newId()}`, [put(1, { title: 'After Act' })]);
    expect(a.results.map((r) => r.status)).toEqual(['applied']);
  });
});
