import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DbKind } from '../src/db/connect.ts';
import type { Database } from '../src/db/schema.ts';

/**
 * The plan of `query` as text (SQLite's `explain query plan` details, PostgreSQL's `explain` lines), on
 * PostgreSQL with sequential scans discouraged: a test database holds a few rows, which a sequential scan reads
 * fastest, and the question is whether an index can answer the query at all.
 */
export async function planOf(
  kind: DbKind,
  db: Kysely<Database>,
  query: RawBuilder<unknown>,
): Promise<string> {
  if (kind === 'sqlite')
    return (await sql<{ detail: string }>`explain query plan ${query}`.execute(db)).rows
      .map((r) => r.detail)
      .join('\n');
  return db.connection().execute(async (c) => {
    await sql`set enable_seqscan = off`.execute(c);
    try {
      return (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(c)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(c);
    }
  });
}
