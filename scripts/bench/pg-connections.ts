// The PostgreSQL connections the bench may open (issue 33): the server's 100 connections are shared with the
// test runs of other sessions, and the bench's app servers' pools, the raw limits' pools and clients and the
// load's 50 clients once took them all. The bench sizes what it opens to what is free when it starts (at most
// BENCH_PG_MAX_CONNECTIONS, default 60), says the planned peak, and watches the connections its databases
// really hold while it runs.
import pg from 'pg';

/** Left free for the other sessions' tests that start while the bench runs. */
const HEADROOM = 10;

export type PgConnectionBudget = {
  /** max_connections, less the slots reserved for superusers (not ours to take). */
  max: number;
  /** Connections open on the server when the bench started (any database, any user). */
  inUse: number;
  /** What the bench may hold at once: the least of BENCH_PG_MAX_CONNECTIONS and what is free less HEADROOM. */
  cap: number;
};

export async function pgConnectionBudget(adminUrl: string): Promise<PgConnectionBudget> {
  const want = Number(process.env.BENCH_PG_MAX_CONNECTIONS ?? 60);
  if (!Number.isInteger(want) || want < 1)
    throw new Error(`BENCH_PG_MAX_CONNECTIONS must be a whole number, not "${want}"`);
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const r = await c.query<{ max: string; reserved: string; in_use: string }>(
      `select current_setting('max_connections') as max,
        current_setting('superuser_reserved_connections') as reserved,
        (select count(*) from pg_stat_activity where backend_type = 'client backend') as in_use`,
    );
    const max = Number(r.rows[0]!.max) - Number(r.rows[0]!.reserved);
    // This admin connection is counted in use; it ends here.
    const inUse = Number(r.rows[0]!.in_use) - 1;
    return { max, inUse, cap: Math.max(0, Math.min(want, max - inUse - HEADROOM)) };
  } finally {
    await c.end();
  }
}

/**
 * Connections of one app server process on PostgreSQL: its pool (PG_POOL_MAX) and the pokes' LISTEN
 * connection and NOTIFY pool of 2 (sync-server/src/sync/poke.ts).
 */
export const appServerConnections = (poolMax: number): number => poolMax + 3;

export type PgConnectionWatch = {
  /** The most connections the watched databases held at one sample (every 100 ms). */
  peak: () => number;
  stop: () => Promise<void>;
};

/**
 * Samples the connections to the bench's databases (names starting with `prefix`) every 100 ms, on one
 * connection of its own (counted in the peak). Client backends only, what max_connections bounds: a parallel
 * query's workers and autovacuum's are listed in pg_stat_activity under the database too (they took a full
 * bench's count from 60 to 79), but have slots of their own.
 */
export async function watchPgConnections(adminUrl: string, prefix: string): Promise<PgConnectionWatch> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  c.on('error', () => undefined);
  let peak = 0;
  let stopped = false;
  const sample = async () => {
    const r = await c.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
        where backend_type = 'client backend' and (datname like $1 or pid = pg_backend_pid())`,
      [`${prefix}%`],
    );
    peak = Math.max(peak, Number(r.rows[0]!.n));
  };
  const loop = (async () => {
    while (!stopped) {
      await sample().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    peak: () => peak,
    stop: async () => {
      stopped = true;
      await loop;
      await c.end().catch(() => undefined);
    },
  };
}
