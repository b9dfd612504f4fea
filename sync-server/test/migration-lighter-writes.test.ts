import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { down, up } from '../../migrations/src/2026_11_26_0018_lighter_writes.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';

/**
 * Migration 0018 (lighter synced writes): the redundant case-file index goes, and on SQLite the change log is
 * rebuilt as a WITHOUT ROWID table. Taken down and up again on a database in use: no change is lost, a device
 * synced before it pulls exactly the changes made after, and the numbers go on in order.
 */
describeEachDb('migration: lighter synced writes', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  const indexes = async () =>
    kind === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'petitions'`.execute(
            f.t.app.db,
          )
        ).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'petitions'`.execute(f.t.app.db)
        ).rows.map((r) => r.name);
  const changeLogSql = async () =>
    (
      await sql<{ sql: string }>`select sql from sqlite_master where name = 'change_log'`.execute(f.t.app.db)
    ).rows[0]?.sql.toLowerCase() ?? '';

  it('keeps every change and the order of the numbers, down and up again', async () => {
    const db = f.t.app.db;
    const first = await f.petition({ case_no: 'MIG-1' });
    const device = await connectDevice(f.t, f.admin);
    expect(device.rows.has(`petitions/${first}`)).toBe(true);
    const logged = async () =>
      (
        await db.selectFrom('change_log').select(['company_id', 'seq', 'row_id']).orderBy('seq').execute()
      ).map((r) => `${r.company_id}/${Number(r.seq)}/${r.row_id}`);
    const before = await logged();
    expect(before.length).toBeGreaterThan(0);

    // As it is after the migration (the test database is at the latest).
    expect(await indexes()).toContain('petitions_list_idx');
    expect(await indexes()).not.toContain('petitions_company_idx');
    if (kind === 'sqlite') expect(await changeLogSql()).toContain('without rowid');

    await down(db);
    expect(await indexes()).toContain('petitions_company_idx');
    if (kind === 'sqlite') expect(await changeLogSql()).not.toContain('without rowid');
    expect(await logged()).toEqual(before);
    const second = await f.petition({ case_no: 'MIG-2' });

    await up(db);
    expect(await indexes()).not.toContain('petitions_company_idx');
    if (kind === 'sqlite') expect(await changeLogSql()).toContain('without rowid');
    const third = await f.petition({ case_no: 'MIG-3' });
    const after = await logged();
    expect(after.slice(0, before.length)).toEqual(before);
    const seqs = after.map((k) => Number(k.split('/')[1]));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    // The device synced before the migration pulls the two case files made since, and nothing else is lost.
    const delivered = await device.pull();
    expect([...delivered.keys()].filter((k) => k.startsWith('petitions/')).sort()).toEqual(
      [`petitions/${second}`, `petitions/${third}`].sort(),
    );
    expect(device.rows.has(`petitions/${first}`)).toBe(true);
  });
});
