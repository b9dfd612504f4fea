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
  /** Single-row inserts (each its own commit) per second from `insertClients` clients. */
  singleInserts: (seconds: number) => Promise<number>;
  /** Rows per second inserted by one client in transactions of `batch` single-row inserts. */
  batchedRows: (seconds: number, batch: number) => Promise<number>;
  /** The most connections any one measurement holds (each opens its own and closes them when it ends). */
  peakConnections: number;
  close: () => Promise<void>;
};

export type PgLimitSizes = {
  /** Loops at once of the reads (the load generator's connections). */
  workers: number;
  /** The reads' pool: the app's pool size. */
  poolMax: number;
  /** Clients of the single-row inserts (50, the pushing devices, when the server has the connections free). */
  insertClients: number;
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

/** `k` connected clients, ended after `fn` whatever it answers. */
async function withClients<T>(url: string, k: number, fn: (clients: pg.Client[]) => Promise<T>): Promise<T> {
  const clients: pg.Client[] = [];
  try {
    for (let i = 0; i < k; i++) {
      const c = new pg.Client({ connectionString: url });
      clients.push(c);
      await c.connect();
    }
    return await fn(clients);
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}

/**
 * The limits, in the app's own database. Every measurement opens the connections it needs and closes them
 * when it ends, so between the bench's rounds the limits hold none (with the app servers' pools and 50 loaders'
 * clients open at once, the bench ran PostgreSQL out of its 100 connections while a test run was going).
 */
export async function pgLimits(url: string, sizes: PgLimitSizes): Promise<PgLimits> {
  const { workers, poolMax, insertClients } = sizes;
  await withClients(url, 1, async ([c]) => {
    await c!.query(create(TABLE));
    await c!.query(create(WRITES));
    await c!.query(`delete from ${TABLE}`);
    await c!.query(`delete from ${WRITES}`);
    // 300 rows to page through, as the app's firm has 300 case files.
    for (let i = 0; i < 300; i++) await c!.query(insert(TABLE), rowValues());
    await c!.query(`analyze ${TABLE}`);
  });
  const truncate = () => withClients(url, 1, ([c]) => c!.query(`truncate ${WRITES}`));
  /**
   * Waits (up to 30 s) until no statement runs in the database: requests a call's round abandoned at its end go
   * on running in the server, and a limit measured beside them fell to a fifth (the big firm's page 500).
   */
  const quiet = () =>
    withClients(url, 1, async ([c]) => {
      const until = performance.now() + 30_000;
      while (performance.now() < until) {
        const r = await c!.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
            where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
        );
        if (Number(r.rows[0]!.n) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
  return {
    peakConnections: Math.max(poolMax, insertClients, 1),
    reads20: async (seconds) => {
      await quiet();
      const pool = new pg.Pool({ connectionString: url, max: poolMax });
      try {
        await loops(workers, 0.5, async () => ((await pool.query(READ, ['firm-1'])).rowCount ? 1 : 1));
        return await loops(workers, seconds, async () => {
          const r = await pool.query(READ, ['firm-1']);
          if (r.rowCount !== 20) throw new Error(`raw read answered ${r.rowCount} rows`);
          return 1;
        });
      } finally {
        await pool.end();
      }
    },
    singleInserts: async (seconds) => {
      await quiet();
      const rate = await withClients(url, insertClients, (clients) =>
        loops(insertClients, seconds, async (w) => {
          await clients[w]!.query(INSERT, rowValues());
          return 1;
        }),
      );
      await truncate();
      return rate;
    },
    batchedRows: async (seconds, batch) => {
      await quiet();
      const rate = await withClients(url, 1, ([c]) =>
        loops(1, seconds, async () => {
          await c!.query('begin');
          for (let i = 0; i < batch; i++) await c!.query(INSERT, rowValues());
          await c!.query('commit');
          return batch;
        }),
      );
      await truncate();
      return rate;
    },
    close: async () =>
      void (await withClients(url, 1, ([c]) => c!.query(`drop table if exists ${TABLE}, ${WRITES}`))),
  };
}
