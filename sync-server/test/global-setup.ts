import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Before the run: a name of its own, which the test processes (forked after this) put in their databases'
 * names, so the teardown drops only this run's, not those of another run on the same server.
 */
export function setup(): void {
  process.env.LF_TEST_RUN ??= randomBytes(4).toString('hex');
}

/** After the whole run: drop the PostgreSQL template databases this run's test processes made (helper.ts). */
export async function teardown(): Promise<void> {
  const url = process.env.DATABASE_URL_TEST;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`lf\\_tpl\\_${process.env.LF_TEST_RUN ?? ''}%`],
    );
    for (const r of rows) await client.query(`drop database if exists ${r.datname} with (force)`);
  } finally {
    await client.end();
  }
}
