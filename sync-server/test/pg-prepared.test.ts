import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../src/db/connect.ts';
import { newId } from '../src/db/ids.ts';
import { PG_STATEMENTS_PER_CONNECTION } from '../src/db/pg-prepared.ts';
import { oneOf } from '../src/db/query-helpers.ts';
import { setSpeedSwitches } from '../src/speed/switches.ts';
import { createTestApp, type TestApp } from './helper.ts';

/**
 * PostgreSQL runs the app's statements as named prepared statements, parsed once per connection
 * (db/pg-prepared.ts), and keeps at most PG_STATEMENTS_PER_CONNECTION of them per connection whatever the
 * queries: 10,000 distinct list filters, each a list `in (...)` of another length, leave the server's
 * statements bounded, and the same filters as `= any($1)` arrays are one statement.
 */
describe.runIf(process.env.DATABASE_URL_TEST)('prepared statements on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t.close());

  /** Runs `fn` on one connection of the app's pool; answers what it answers and the statements prepared there. */
  const onOneConnection = <T>(fn: (db: Db) => Promise<T>) =>
    t.app.db.connection().execute(async (db) => {
      const answer = await fn(db);
      const { rows } = await sql<{ n: number; texts: string[] }>`
        select count(*)::int as n, coalesce(array_agg(statement), '{}') as texts from pg_prepared_statements`.execute(
        db,
      );
      return { answer, prepared: rows[0]!.n, texts: rows[0]!.texts };
    });

  const ids = Array.from({ length: 60 }, () => newId());
  const companyId = () => t.providerId;

  it('prepares the statements it runs, once per connection', async () => {
    const { answer, prepared, texts } = await onOneConnection(async (db) => {
      for (let i = 0; i < 3; i++)
        await db.selectFrom('courts').select('id').where('company_id', '=', companyId()).execute();
      return db.selectFrom('courts').select('id').where('company_id', '=', companyId()).execute();
    });
    expect(answer.length).toBeGreaterThan(0);
    expect(prepared).toBeGreaterThan(0);
    expect(texts.filter((s) => s.includes('from "courts"')).length).toBe(1);
  });

  it('stays bounded under 10,000 distinct list filters, and answers each one right', async () => {
    const { answer, prepared } = await onOneConnection(async (db) => {
      let wrong = 0;
      for (let i = 0; i < 10_000; i++) {
        // A list filter of 1 to 60 ids, `in (...)`: another statement text for each length, and each of the
        // 10,000 also filters on another case number column value shape (distinct literal text).
        const some = ids.slice(0, 1 + (i % ids.length));
        const rows = await db
          .selectFrom('petitions')
          .select('id')
          .where('company_id', '=', companyId())
          .where('id', 'in', some)
          .where(sql<boolean>`${sql.lit(i)} >= 0`)
          .execute();
        if (rows.length !== 0) wrong++;
      }
      return wrong;
    });
    expect(answer).toBe(0);
    expect(prepared).toBeLessThanOrEqual(PG_STATEMENTS_PER_CONNECTION);
    expect(prepared).toBeGreaterThan(PG_STATEMENTS_PER_CONNECTION / 2);
  });

  it('runs a list filter of any length as one statement with `= any($1)`', async () => {
    const { answer, texts } = await onOneConnection(async (db) => {
      let found = 0;
      for (let n = 1; n <= ids.length; n++)
        found += (
          await db
            .selectFrom('courts')
            .select('id')
            .where('company_id', '=', companyId())
            .where(oneOf(db, 'id', ids.slice(0, n)))
            .execute()
        ).length;
      return found;
    });
    expect(answer).toBe(0);
    expect(texts.filter((s) => s.includes('any(')).length).toBe(1);
  });

  it('with SPEED_PG_PREPARED=0 prepares nothing', async () => {
    const restore = setSpeedSwitches({ pgPrepared: false });
    try {
      const { texts } = await onOneConnection((db) =>
        db.selectFrom('case_categories').select('title').where('company_id', '=', companyId()).execute(),
      );
      expect(texts.some((s) => s.includes('from "case_categories"'))).toBe(false);
    } finally {
      restore();
    }
  });
});
