import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { down, up } from '../../migrations/src/2026_11_29_0028_live_case_list_index.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { describeEachDb } from './helper.ts';
import { planOf } from './plan.fixture.ts';

/**
 * Migration 0028: a page of the case list is read in the list's order from an index of the firm's live case
 * files, not sorted from all of them (on PostgreSQL the older index, with the tombstone column before the
 * order, could not give that order: 350 ms a page for a firm of 30,000 case files, docs/performance.md).
 * Taken down and up again on a database in use, the list answers the same pages.
 */
describeEachDb('migration: live case list index', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  /** The plan of the list's page read (its where and order by, as listPetitions sends them). */
  const pagePlan = (companyId: string): Promise<string> =>
    planOf(
      kind,
      f.t.app.db,
      sql`select id from petitions where company_id = ${companyId} and deleted_at is null
      and archived = 0 order by created_at desc, id desc limit 20 offset 20`,
    );
  const listPages = async () =>
    Promise.all(
      [1, 2, 3].map(
        async (page) =>
          (await f.call('GET', `/api/petitions?page=${page}`, f.admin)).json<{
            petitions: { data: { id: string }[]; total: number };
          }>().petitions,
      ),
    ).then((pages) => pages.map((p) => [p.total, ...p.data.map((d) => d.id)]));

  it('reads a page of the case list in order from an index, down and up again', async () => {
    for (let i = 0; i < 45; i++) await f.petition({ case_no: `IDX-${i}` });
    const gone = await f.petition({ case_no: 'IDX-deleted' });
    expect((await f.call('DELETE', `/api/petitions/${gone}`, f.admin)).statusCode).toBe(200);
    const { company_id } = await f.t.app.db
      .selectFrom('petitions')
      .select('company_id')
      .where('id', '=', gone)
      .executeTakeFirstOrThrow();
    const before = await listPages();
    expect(before[0]![0]).toBe(45);

    // As it is after the migration (the test database is at the latest): no sort of the firm's case files.
    const plan = await pagePlan(company_id);
    if (kind === 'sqlite') expect(plan).not.toMatch(/TEMP B-TREE/);
    else {
      expect(plan).toContain('petitions_live_list_idx');
      expect(plan).not.toMatch(/Sort/);
    }

    await down(f.t.app.db);
    if (kind === 'postgres') expect(await pagePlan(company_id)).toMatch(/Sort/);
    expect(await listPages()).toEqual(before);
    await up(f.t.app.db);
    expect(await listPages()).toEqual(before);
  });
});
