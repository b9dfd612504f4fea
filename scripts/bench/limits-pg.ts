// PostgreSQL's limits on this machine, measured by the same `pg` driver the app uses, in the same run as the
// app's calls (issue 33): 20-row reads by a pool, single-row inserts from many clients, and rows in
// transactions of 200, each on a table shaped like a synced row, in the app's own database.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const TABLE = 'bench_raw_rows';
/**
 * The inserts' own table of the same shape, emptied after each measurement: inserted into TABLE, the hundreds
 * of thousands of rows a write measurement leaves would turn every later 20-row read into a sort of all of
 * them (issue 33's two-server rounds measured the reads' limit at 43/s after the pushes' limits had run).
 */
const WRITES = 'bench_raw_writes';

export type PgLimits = {
  /** Reads of 20 rows (a list page: order by, limit 20 offset 20) per second by a pool of `poolMax`, `workers` at once. */
  reads20: (seconds: number) => Promise<number>;
  /** Single-row inserts (each its own commit) per second from `workers` clients. */
  singleInserts: (seconds: number) => Promise<number>;
  /** Rows per second inserted by one client in transactions of `batch` single-row inserts. */
  batchedRows: (seconds: number, batch: number) => Promise<number>;
  close: () => Promise<void>;
};

const create = (table: string) => `create table if not exists ${table} (
  id text primary key, company_id text not null, case_no text, title text not null,
  updated_at text not null, version bigint not null, data text not null)`;
const insert = (table: string) =>
  `insert into ${table} (id, company_id, case_no, title, updated_at, version, data) values ($1, $2, $3, $4, $5, $6, $7)`;
const INSERT = insert(WRITES);
const READ = `select id, company_id, case_no, title, updated_at, version, data from ${TABLE} where company_id = $1 order by title limit 20 offset 20`;

let n = 0;
const rowValues = () => {
  n++;
  return [
    `raw-${process.pid}-${n}-${Math.random().toString(36).slice(2, 10)}`,
    'firm-1',
    String(n),
    `Raw v. Limit ${n}`,
    new Date().toISOString(),
    n,
    JSON.stringify({ lawyer_ids: ['a', 'b'], court_id: 'court-1', year: 2026, archived: false }),
  ];
};

/** Runs `workers` loops of `op` for `seconds`; answers the operations completed per second. */
async function loops(workers: number, seconds: number, op: (w: number) => Promise<number>): Promise<number> {
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < until) {
        // Not `done += await op(w)`: that reads `done` before the await and loses the other loops' counts.
        const k = await op(w);
        done += k;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

export async function pgLimits(url: string, workers: number, poolMax: number): Promise<PgLimits> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  await pool.query(create(TABLE));
  await pool.query(create(WRITES));
  await pool.query(`delete from ${TABLE}`);
  await pool.query(`delete from ${WRITES}`);
  // 300 rows to page through, as the app's firm has 300 case files.
  for (let i = 0; i < 300; i++) await pool.query(insert(TABLE), rowValues());
  await pool.query(`analyze ${TABLE}`);
  const clients: pg.Client[] = [];
  const client = async (w: number) => {
    if (!clients[w]) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      clients[w] = c;
    }
    return clients[w];
  };
  return {
    reads20: async (seconds) => {
      await loops(workers, 0.5, async () => ((await pool.query(READ, ['firm-1'])).rowCount ? 1 : 1));
      return loops(workers, seconds, async () => {
        const r = await pool.query(READ, ['firm-1']);
        if (r.rowCount !== 20) throw new Error(`raw read answered ${r.rowCount} rows`);
        return 1;
      });
    },
    singleInserts: async (seconds) => {
      const rate = await loops(workers, seconds, async (w) => {
        await (await client(w)).query(INSERT, rowValues());
        return 1;
      });
      await pool.query(`truncate ${WRITES}`);
      return rate;
    },
    batchedRows: async (seconds, batch) => {
      const c = await client(0);
      const rate = await loops(1, seconds, async () => {
        await c.query('begin');
        for (let i = 0; i < batch; i++) await c.query(INSERT, rowValues());
        await c.query('commit');
        return batch;
      });
      await pool.query(`truncate ${WRITES}`);
      return rate;
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.end()));
      await pool.query(`drop table if exists ${TABLE}, ${WRITES}`);
      await pool.end();
    },
  };
}
