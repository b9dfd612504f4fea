// The machine's limits, measured in the same run as the app so the app's figures can be read as ratios: a
// hello-world route on the app's Fastify, and raw better-sqlite3 commits with the app's pragmas.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { LoadGenerator, LoadResult } from './load.ts';

/** Fastify as the server resolves it (its own dependency), so the limit is the same version as the app's. */
const serverRequire = createRequire(new URL('../../sync-server/package.json', import.meta.url));

export type HelloWorld = {
  version: string;
  /** Warms the route up, then measures it for `seconds` at `connections`. */
  measure: (load: LoadGenerator, connections: number, seconds: number) => Promise<LoadResult>;
  close: () => Promise<void>;
};

/**
 * A hello-world route on the app's Fastify, kept listening so it can be measured again right before each app
 * call: on this noisy machine a limit measured minutes earlier can differ from the moment's by a third.
 */
export async function startHelloWorld(): Promise<HelloWorld> {
  const { default: Fastify } = (await import(serverRequire.resolve('fastify'))) as {
    default: () => FastifyInstance;
  };
  const version = (serverRequire('fastify/package.json') as { version: string }).version;
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
  return {
    version,
    measure: async (load, connections, seconds) => {
      await load.run({ url, connections, amount: 5000 });
      return load.run({ url, connections, duration: seconds });
    },
    close: () => app.close(),
  };
}

/** Pragmas of sync-server/src/db/connect.ts (DESIGN §7): an acknowledged write survives power loss. */
function openLikeTheApp(file: string): SQLite.Database {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  return db;
}

/**
 * Commits per second of a table shaped like a synced row (text id, a few text columns, a JSON text column),
 * in a file beside the app's (same file system, so the same fsync). Each transaction begins IMMEDIATE as the
 * app's writes do; `perTransaction` rows go in each.
 */
export function rawSqliteRowsPerSec(perTransaction: number, seconds: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'lf-bench-raw-'));
  const db = openLikeTheApp(join(dir, 'raw.sqlite'));
  try {
    db.exec(`create table rows (
      id text primary key, company_id text not null, case_no text, title text not null,
      updated_at text not null, version integer not null, data text not null)`);
    db.exec('create index rows_company on rows (company_id, version)');
    const insert = db.prepare(
      'insert into rows (id, company_id, case_no, title, updated_at, version, data) values (?, ?, ?, ?, ?, ?, ?)',
    );
    let n = 0;
    const batch = db.transaction(() => {
      for (let i = 0; i < perTransaction; i++) {
        n++;
        const now = new Date().toISOString();
        insert.run(
          `0190a5c4-0000-7000-8000-${String(n).padStart(12, '0')}`,
          'firm-1',
          String(n),
          `Raw v. Limit ${n}`,
          now,
          n,
          JSON.stringify({ lawyer_ids: ['a', 'b'], court_id: 'court-1', year: 2026, archived: false }),
        );
      }
    });
    const until = performance.now() + seconds * 1000;
    const t0 = performance.now();
    while (performance.now() < until) batch.immediate();
    return n / ((performance.now() - t0) / 1000);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
