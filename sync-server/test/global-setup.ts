import pg from 'pg';

/** After the whole run: drop the PostgreSQL template databases the test processes made (helper.ts). */
export async function teardown(): Promise<void> {
  const url = process.env.DATABASE_URL_TEST;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'lf\\_tpl\\_%'",
    );
    for (const r of rows) await client.query(`drop database if exists ${r.datname} with (force)`);
  } finally {
    await client.end();
  }
}
