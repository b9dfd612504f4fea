import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { down, up } from '../../migrations/src/2026_11_29_0029_case_filter_indexes.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { describeEachDb } from './helper.ts';
import { planOf } from './plan.fixture.ts';

/**
 * Migration 0029: the filtered case list finds a court's case files by an index of the firm's live case files
 * by court, and (PostgreSQL, pg_trgm) the parties a name part matches by a trigram index of the folded names,
 * instead of reading every case file and party of the firm (docs/performance.md). Taken down and up again on a
 * database in use, the filtered lists answer the same.
 */
describeEachDb('migration: case filter indexes', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  const plan = (query: ReturnType<typeof sql>) => planOf(kind, f.t.app.db, query);
  const filtered = async (query: string) =>
    (await f.call('GET', `/api/petitions?${query}`, f.admin)).json<{
      petitions: { data: { id: string }[]; total: number };
    }>().petitions;

  it('finds a court’s case files and a party’s name part by index, down and up again', async () => {
    const court = await f.court();
    const khan = await f.petition({
      case_no: 'TRG-1',
      court_id: court.id,
      petitioners: [{ user: { name: 'Imran KHAN Niazi' } }],
    });
    const other = await f.petition({ case_no: 'TRG-2', petitioners: [{ user: { name: 'Khanum Bibi' } }] });
    await f.petition({
      case_no: 'TRG-3',
      court_id: court.id,
      petitioners: [{ user: { name: 'Zafar Ali' } }],
    });
    const { company_id } = await f.t.app.db
      .selectFrom('petitions')
      .select('company_id')
      .where('id', '=', khan)
      .executeTakeFirstOrThrow();
    const queries = [
      `court_id=${court.id}&petitioner_name=khan`,
      'petitioner_name=khan',
      `court_id=${court.id}`,
    ];
    const before = await Promise.all(queries.map(filtered));
    expect(before[0]!.data.map((r) => r.id)).toEqual([khan]);
    expect(before[1]!.data.map((r) => r.id).sort()).toEqual([khan, other].sort());

    const byCourt = sql`select id from petitions where company_id = ${company_id} and deleted_at is null
      and court_id = ${court.id}`;
    // The parties' filter as case-filter.sql.ts sends it, but of every firm: here the firm's own index (firm,
    // case file) would be taken for a handful of rows, and the question is whether the name part has an index.
    const byName = sql`select petition_id from petition_parties
      where deleted_at is null and lower(name collate "C") like ${'%khan%'} escape '\\'`;
    /** The firm's indexes of the two tables, by name (PostgreSQL's catalog). */
    const pgIndexes = async () =>
      (
        await sql<{ indexname: string }>`select indexname from pg_indexes
          where tablename in ('petitions', 'petition_parties')`.execute(f.t.app.db)
      ).rows.map((r) => r.indexname);
    if (kind === 'sqlite') expect(await plan(byCourt)).toContain('petitions_live_court_idx');
    else {
      // A few case files: the planner may take another index of the firm's; the court's is there to take.
      expect(await pgIndexes()).toContain('petitions_live_court_idx');
      // Nothing else can answer a name part: a plan through the trigram index is proof it serves the filter.
      expect(await plan(byName)).toContain('petition_parties_name_trgm_idx');
    }

    await down(f.t.app.db);
    if (kind === 'postgres')
      expect(await pgIndexes()).not.toEqual(
        expect.arrayContaining(['petitions_live_court_idx', 'petition_parties_name_trgm_idx']),
      );
    expect(await Promise.all(queries.map(filtered))).toEqual(before);
    await up(f.t.app.db);
    if (kind === 'postgres')
      expect(await pgIndexes()).toEqual(
        expect.arrayContaining(['petitions_live_court_idx', 'petition_parties_name_trgm_idx']),
      );
    expect(await Promise.all(queries.map(filtered))).toEqual(before);
  });
});
