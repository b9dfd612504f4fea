// Issue 8: the server's hot paths measured against the machine's limits in one run. The REST lists, the auth
// check and sync pushes at 50 connections (autocannon), as ratios to a hello-world route of the same Fastify
// and to raw better-sqlite3 commits with the app's pragmas; the same calls on PostgreSQL beside them; the
// SQL statements each call sends; and the PWA's initial JavaScript.
//
// BENCH_SECONDS (default 5): the measured seconds per call. BENCH_DATABASE_URL (or DATABASE_URL_TEST): a
// PostgreSQL server on which a fresh database is made, measured and dropped; without it PostgreSQL is skipped.
// Alone: `node --import tsx scripts/bench/hot-paths.ts`.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';
import { openDatabase, pgPoolSize } from '../../sync-server/src/db/connect.ts';
import { newId } from '../../sync-server/src/db/ids.ts';
import { bootstrap } from '../../sync-server/src/seed/bootstrap.ts';
import { rawSqliteRowsPerSec, startHelloWorld } from './limits.ts';
import { pgLimits } from './limits-pg.ts';
import { startLoadGenerator, type LoadGenerator, type LoadResult, type LoadSpec } from './load.ts';
import { ensurePwaBuild, pwaSizeRows, type PwaBuild } from './pwa-size.ts';
import { statementsDuring } from './query-count.ts';
import { CASE_FILES, INDEX_ITEMS, seedFirm, type SeededFirm } from './seed.ts';
import { int, printTable, type Row } from './table.ts';

const CONNECTIONS = 50;
const BATCH = 200;
const EMAIL = 'bench@firm.pk';
const PASSWORD = 'bench-password-1';

/** raw: a list read by a client that accepts no compression (no budget; printed beside). */
type CallKind = 'user' | 'list' | 'raw' | 'push1' | 'push200';
type Call = {
  key: string;
  label: string;
  kind: CallKind;
  result: LoadResult;
  /** Statements per request (push200: per mutation). */
  statements: number;
  /** The filtered list: how many case files its filters match. */
  found?: number;
  /**
   * This call's limit measured right before it: on SQLite req/s of the hello-world route for a REST call, raw
   * rows/s for a push; on PostgreSQL the same `pg` driver's raw reads or inserts of the call's shape (limits-pg.ts).
   */
  limit?: number;
  /** The ratio of each round (limit, then call, back to back); the median round is the one reported. */
  ratios?: number[];
};

/** Rounds per call on SQLite, each the limit and then the call (see paired). */
const ROUNDS = 3;

/**
 * The call measured in ROUNDS short rounds, each right after its limit: this machine's speed drifts within
 * seconds (a hello-world route gave 14,000 and 30,000 req/s a minute apart), so each round's ratio compares
 * like with like, and the median round is reported. Without a limit (PostgreSQL), one run of `seconds`.
 */
async function paired(
  seconds: number,
  run: (seconds: number) => Promise<LoadResult>,
  rate: (r: LoadResult) => number,
  limitOf?: (seconds: number) => Promise<number>,
): Promise<Pick<Call, 'result' | 'limit' | 'ratios'>> {
  if (!limitOf) return { result: await run(seconds) };
  const each = Math.max(1, seconds / ROUNDS);
  const rounds: { result: LoadResult; limit: number; ratio: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const limit = await limitOf(each);
    const result = await run(each);
    rounds.push({ result, limit, ratio: rate(result) / limit });
  }
  const ratios = rounds.map((r) => r.ratio);
  const { result, limit } = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)]!;
  return { result, limit, ratios };
}

/**
 * The server(s) measured: their base URLs (two app servers: the load generator's connections alternate between
 * them, connection k to server k mod 2) and a wait for the requests they have received and not yet answered (a
 * run's abandoned ones finish after it).
 */
type Server = { bases: string[]; idle: () => Promise<void> };

/** The URL(s) of `path` on the server(s). */
const at = (server: Server, path: string): string | string[] =>
  server.bases.length === 1 ? server.bases[0]! + path : server.bases.map((b) => b + path);

function track(app: FastifyInstance): Server {
  let inflight = 0;
  app.server.on('request', (_req, res) => {
    inflight++;
    res.once('close', () => inflight--);
  });
  return {
    bases: [`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`],
    idle: async () => {
      const until = Date.now() + 60_000;
      while (inflight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

/**
 * Warms the route up (JIT, caches) for a second, then measures it for `seconds`. Each run starts on an idle
 * server: requests autocannon abandons at the end of a run are left to finish first. One connection sending
 * long requests runs a fixed number of them, sized from the warm-up, so no request is cut off at the end.
 */
async function measure(
  server: Server,
  load: LoadGenerator,
  spec: LoadSpec,
  seconds: number,
): Promise<LoadResult> {
  const warm: LoadSpec = spec.push
    ? { ...spec, push: { ...spec.push, clientPrefix: `warm-${newId()}` } }
    : spec;
  await server.idle();
  if (spec.connections === 1) {
    const w = await load.run({ ...warm, amount: 2 });
    await server.idle();
    const amount = Math.min(1000, Math.max(3, Math.ceil(seconds / (w.seconds / 2))));
    return load.run({ ...spec, amount });
  }
  await load.run({ ...warm, duration: 1 });
  await server.idle();
  return load.run({ ...spec, duration: seconds });
}

/** A call's limit measured right before each of its rounds (per second), by the kind of call. */
type LimitOf = (kind: CallKind, seconds: number) => Promise<number>;

/** Bootstraps a firm on `databaseUrl` (null: SQLite in the data folder), seeds it and measures every call. */
async function measureApp(
  databaseUrl: string | null,
  load: LoadGenerator,
  seconds: number,
  pwa: PwaBuild | null,
  limitsFor:
    ((databaseUrl: string | null) => Promise<{ limitOf: LimitOf; close: () => Promise<void> }>) | null,
  whileListening?: (base: string) => Promise<void>,
  twoServers = false,
): Promise<{ calls: Call[]; two: Call[] | null }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lf-bench-hot-'));
  try {
    // Given to the two app servers too (a token one signs is honoured by the other, docs/deploy.md).
    const jwtSecret = randomBytes(48).toString('base64');
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        ADMIN_EMAIL: EMAIL,
        ADMIN_PASSWORD: PASSWORD,
        ...(pwa ? { PWA_DIST_DIR: pwa.distDir } : {}),
      },
      {
        // No measured call hashes a password; a light scrypt only keeps seeding 14 users quick.
        scrypt: { N: 1024, r: 8, p: 1 },
        ...(databaseUrl ? { databaseUrl } : {}),
      },
    );
    const database = await openDatabase(config.databaseUrl);
    await bootstrap(database.db, config);
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      const firm = await seedFirm(app, EMAIL, PASSWORD);
      // PostgreSQL plans by the tables' statistics, which autovacuum gathers within a minute of the seeding;
      // measured at once, the planner would take 300 case files for 1 and join them row by row.
      if (database.kind === 'postgres') await sql`analyze`.execute(database.db);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const server = track(app);
      const limits = limitsFor ? await limitsFor(config.databaseUrl) : null;
      let calls: Call[];
      let two: Call[] | null = null;
      try {
        const limitOf = limits?.limitOf ?? null;
        if (!twoServers) calls = await measureCalls(app, server, firm, load, seconds, limitOf, 'all');
        else {
          // The reads on both set-ups first, then the pushes on both: each push leaves thousands of case files
          // behind, and the two servers' reads measured after the one server's pushes met a firm of tens of
          // thousands of case files instead of 300 (0 req/s in issue 33's first two-server run).
          const pair = await startAppServers(2, config.databaseUrl, jwtSecret);
          try {
            calls = await measureCalls(app, server, firm, load, seconds, limitOf, 'reads');
            await server.idle();
            two = await measureCalls(app, pair, firm, load, seconds, limitOf, 'reads');
            await pair.idle();
            calls.push(...(await measureCalls(app, server, firm, load, seconds, limitOf, 'pushes')));
            await server.idle();
            two.push(...(await measureCalls(app, pair, firm, load, seconds, limitOf, 'pushes')));
          } finally {
            await pair.close();
          }
        }
      } finally {
        await limits?.close();
      }
      await server.idle();
      if (whileListening) await whileListening(server.bases[0]!);
      return { calls, two };
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `BENCH_CALLS=user,push1`: only those calls (keys as in measureCalls), e.g. to profile one of them. */
const onlyCalls = process.env.BENCH_CALLS?.split(',').filter(Boolean);
const wanted = (key: string): boolean => !onlyCalls || onlyCalls.includes(key);

async function measureCalls(
  app: FastifyInstance,
  server: Server,
  firm: SeededFirm,
  load: LoadGenerator,
  seconds: number,
  limitOf: LimitOf | null,
  part: 'all' | 'reads' | 'pushes',
): Promise<Call[]> {
  // What a browser (the PWA, the original client) sends with every call.
  const browser = { authorization: firm.authorization, 'accept-encoding': 'gzip, deflate, br, zstd' };
  // Pushes are read back by the load generator (results counted), so they ask for no compression.
  const device = { authorization: firm.authorization };
  const calls: Call[] = [];
  const gets: [string, string, string, CallKind][] = [
    ['user', '/api/user', '/api/user', 'user'],
    ['page2', '/api/petitions?page=2', '/api/petitions?page=2', 'list'],
    ['filtered', `/api/petitions?${firm.filter.query}`, `/api/petitions?${firm.filter.label}`, 'list'],
    ['users', '/api/users', '/api/users', 'list'],
    ['case', `/api/petitions/${firm.bigCaseId}`, `/api/petitions/{id} (${INDEX_ITEMS} index items)`, 'list'],
    ['page2raw', '/api/petitions?page=2', '/api/petitions?page=2, no Accept-Encoding', 'raw'],
  ];
  for (const [key, url, name, kind] of gets.filter(([key]) => wanted(key) && part !== 'pushes')) {
    const headers = kind === 'raw' ? { authorization: firm.authorization } : browser;
    const statements = await statementsDuring(async () => {
      const r = await app.inject({ method: 'GET', url, headers });
      if (r.statusCode !== 200)
        throw new Error(`GET ${url} answered ${r.statusCode}: ${r.body.slice(0, 200)}`);
    });
    const measured = await paired(
      seconds,
      (s) => measure(server, load, { url: at(server, url), headers, connections: CONNECTIONS }, s),
      (r) => r.reqPerSec,
      limitOf ? (s) => limitOf(kind, s) : undefined,
    );
    calls.push({
      key,
      label: `GET ${name}`,
      kind,
      ...measured,
      statements,
      ...(key === 'filtered' ? { found: firm.filter.matches } : {}),
    });
  }

  // Each push creates a case file in one of the firm's courts: a phone's new record with a relation to check.
  const values = { case_no: 'D-{n}', year: 2026, title: 'Device v. Push {n}', court_id: firm.courtId };
  const pushStatements = async (perRequest: number): Promise<number> => {
    const clientId = `bench-count-${newId()}`;
    let last = 0;
    // The first push of a device also registers it; the fewest of three runs is a known device's push.
    return statementsDuring(async () => {
      const mutations = Array.from({ length: perRequest }, () => ({
        id: ++last,
        name: 'put',
        args: { entity: 'petitions', id: newId(), values: { ...values, case_no: `C-${last}` } },
      }));
      const r = await app.inject({
        method: 'POST',
        url: '/sync/push',
        headers: device,
        payload: { clientId, mutations },
      });
      if (r.statusCode !== 200) throw new Error(`push answered ${r.statusCode}: ${r.body.slice(0, 200)}`);
    });
  };
  for (const [key, perRequest, connections] of (
    [
      ['push1', 1, CONNECTIONS],
      ['push200', BATCH, 1],
    ] as const
  ).filter(([key]) => wanted(key) && part !== 'reads')) {
    const statements = (await pushStatements(perRequest)) / perRequest;
    // Each round after raw commits of this shape, as the REST calls' hello-world (SQLite only).
    const measured = await paired(
      seconds,
      (s) =>
        measure(
          server,
          load,
          {
            url: at(server, '/sync/push'),
            method: 'POST',
            headers: device,
            connections,
            push: { clientPrefix: `bench-${key}-${newId()}`, perRequest, entity: 'petitions', values },
          },
          s,
        ),
      (r) => r.applied / r.seconds,
      limitOf ? (s) => limitOf(key, s) : undefined,
    );
    calls.push({
      key,
      label:
        perRequest === 1
          ? `POST /sync/push, ${connections} devices x 1 mutation`
          : `POST /sync/push, 1 device x ${perRequest} mutations`,
      kind: key,
      ...measured,
      statements,
    });
  }
  return calls;
}

/**
 * `n` app server processes on the database of `databaseUrl` (already bootstrapped and seeded), each with a data
 * folder of its own and the secret `jwtSecret` (app-server-child.ts): issue 33's "two app servers behind one
 * load generator".
 */
async function startAppServers(
  n: number,
  databaseUrl: string,
  jwtSecret: string,
): Promise<Server & { close: () => Promise<void> }> {
  const children = Array.from({ length: n }, () =>
    fork(fileURLToPath(new URL('./app-server-child.ts', import.meta.url)), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_APP_DATABASE_URL: databaseUrl, BENCH_JWT_SECRET: jwtSecret },
    }),
  );
  const ports = await Promise.all(
    children.map(
      (c) =>
        new Promise<number>((resolve, reject) => {
          c.once('message', (m: { port: number }) => resolve(m.port));
          c.once('exit', (code) => reject(new Error(`app server exited (${code}) before listening`)));
        }),
    ),
  );
  let asked = 0;
  const idleOf = (c: (typeof children)[number]) =>
    new Promise<void>((resolve) => {
      const id = ++asked;
      const on = (m: { idle?: number }) => {
        if (m.idle !== id) return;
        c.off('message', on);
        resolve();
      };
      c.on('message', on);
      c.send({ idle: id });
    });
  return {
    bases: ports.map((p) => `http://127.0.0.1:${p}`),
    idle: async () => void (await Promise.all(children.map(idleOf))),
    close: async () => {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              c.once('exit', () => resolve());
              c.disconnect();
            }),
        ),
      );
    },
  };
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped afterwards (as the server's tests do). */
async function withFreshPostgres<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `lf_bench_${newId().replace(/-/g, '').slice(-16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

const ms = (n: number): string => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const perSec = (c: Call): number =>
  c.kind === 'push1' || c.kind === 'push200' ? c.result.applied / c.result.seconds : c.result.reqPerSec;
const unit = (c: Call): string => (c.kind === 'push1' || c.kind === 'push200' ? 'mut/s' : 'req/s');

/** The budgets of issue 8, as ratios to the limits measured in the same run. */
function sqliteRows(calls: Call[], limits: { hello: number; single: number; batched: number }): Row[] {
  const rows: Row[] = [];
  for (const c of calls) {
    const rate = perSec(c);
    const [limit, limitName, minRatio, maxP99] =
      c.kind === 'user'
        ? [limits.hello, 'hello-world', 0.5, null]
        : c.kind === 'list' || c.kind === 'raw'
          ? [limits.hello, 'hello-world', c.kind === 'raw' ? null : 0.3, c.kind === 'raw' ? null : 50]
          : c.kind === 'push1'
            ? [limits.single, 'raw single-row commits', 0.5, 100]
            : [limits.batched, `raw rows in txns of ${BATCH}`, 0.05, null];
    const ratio = rate / (c.limit ?? limit);
    rows.push({
      what: `${c.label} [SQLite] vs ${limitName}${c.ratios ? ` just before, median of ${c.ratios.length} rounds (${c.ratios.map((r) => r.toFixed(2)).join(', ')})` : ''}`,
      figure: `${ratio.toFixed(3)} (${int(rate)} ${unit(c)})`,
      budget: minRatio === null ? '-' : `>= ${minRatio.toFixed(2)}`,
      ok: minRatio === null ? null : ratio >= minRatio,
    });
    rows.push({
      what: `  p99 latency (p50 ${ms(c.result.p50)})`,
      figure: ms(c.result.p99),
      budget: maxP99 === null ? '-' : `< ${maxP99} ms`,
      ok: maxP99 === null ? null : c.result.p99 < maxP99,
    });
    rows.push({
      what: `  SQL statements per ${c.kind === 'push200' ? 'mutation' : c.kind === 'push1' ? 'push' : 'request'}`,
      figure: c.statements.toFixed(c.kind === 'push200' ? 1 : 0),
      budget: '-',
      ok: null,
    });
    const { non2xx, errors, timeouts, notApplied } = c.result;
    const failed = non2xx + errors + timeouts + notApplied;
    if (failed)
      rows.push({
        what: `  failures: non-2xx ${non2xx}, errors ${errors}, timeouts ${timeouts}, mutations not applied ${notApplied}`,
        figure: int(failed),
        budget: '0',
        ok: false,
      });
  }
  return rows;
}

/**
 * Issue 33's budgets on PostgreSQL, each a ratio to the raw limit of its shape measured by the same `pg`
 * driver right before each round (printed beside it): the case list's page 2 against 20-row reads by a pool,
 * /api/user against the hello-world route, pushes against single-row inserts from 50 clients and rows in
 * transactions of 200.
 */
function postgresRows(calls: Call[], engine = 'PostgreSQL'): Row[] {
  const rows: Row[] = [];
  for (const c of calls) {
    const rate = perSec(c);
    const [limitName, minRatio, maxP99] =
      c.kind === 'user'
        ? ['hello-world', 0.3, null]
        : c.kind === 'list' || c.kind === 'raw'
          ? ['raw 20-row reads by a pool (pg)', c.key === 'page2' ? 0.3 : null, c.key === 'page2' ? 50 : null]
          : c.kind === 'push1'
            ? [`raw single-row inserts from ${CONNECTIONS} clients (pg)`, 0.3, 100]
            : [`raw rows in txns of ${BATCH} (pg)`, 0.3, null];
    const ratio = c.limit ? rate / c.limit : NaN;
    rows.push({
      what: `${c.label} [${engine}] vs ${limitName} just before: ${int(c.limit ?? 0)} /s${c.ratios ? `; median of ${c.ratios.length} rounds (${c.ratios.map((r) => r.toFixed(2)).join(', ')})` : ''}`,
      figure: `${ratio.toFixed(3)} (${int(rate)} ${unit(c)})`,
      budget: minRatio === null ? '-' : `>= ${minRatio.toFixed(2)}`,
      ok: minRatio === null ? null : ratio >= minRatio,
    });
    rows.push({
      what: `  p99 latency (p50 ${ms(c.result.p50)}); statements per ${c.kind === 'push200' ? 'mutation' : c.kind === 'push1' ? 'push' : 'request'}: ${c.statements.toFixed(c.kind === 'push200' ? 1 : 0)}`,
      figure: ms(c.result.p99),
      budget: maxP99 === null ? '-' : `< ${maxP99} ms`,
      ok: maxP99 === null ? null : c.result.p99 < maxP99,
    });
    const { non2xx, errors, timeouts, notApplied } = c.result;
    const failed = non2xx + errors + timeouts + notApplied;
    if (failed)
      rows.push({
        what: `  failures: non-2xx ${non2xx}, errors ${errors}, timeouts ${timeouts}, mutations not applied ${notApplied}`,
        figure: int(failed),
        budget: '0',
        ok: false,
      });
  }
  return rows;
}

/**
 * The engines measured side by side, one column each (SQLite, PostgreSQL, PostgreSQL behind two app servers):
 * rate, p99 and statements per request (per mutation for batches). An engine not measured has no column, so a
 * PostgreSQL-only run prints its figures under PostgreSQL.
 */
function sideBySide(columns: { name: string; calls: Call[] }[]): string[] {
  const measured = columns.filter((c) => c.calls.length);
  const labels = measured[0]?.calls ?? [];
  const w = Math.max('call'.length, ...labels.map((c) => c.label.length));
  const cols = (rate: string, p99: string, sql: string) =>
    `${rate.padStart(17)} ${p99.padStart(8)} ${sql.padStart(5)}`;
  const cell = (c: Call | undefined) =>
    c
      ? cols(
          `${int(perSec(c))} ${unit(c)}`,
          ms(c.result.p99),
          c.statements.toFixed(c.kind === 'push200' ? 1 : 0),
        )
      : cols('(not measured)', '', '');
  return [
    `${'call'.padEnd(w)}${measured.map((m) => `  ${cols(m.name, 'p99', 'SQL')}`).join('')}`,
    ...labels.map((c) =>
      `${c.label.padEnd(w)}${measured.map((m) => `  ${cell(m.calls.find((p) => p.key === c.key))}`).join('')}`.trimEnd(),
    ),
    '(SQL: statements sent to the database per request; per mutation for the 200-mutation push.)',
  ];
}

export async function hotPathBench(): Promise<{ rows: Row[]; report: string[] }> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL_TEST ?? null;
  // `BENCH_ENGINES=postgres`: only PostgreSQL's calls (e.g. while working on them).
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  const rows: Row[] = [];
  const report: string[] = [];
  let pwa: PwaBuild | null = null;
  try {
    pwa = ensurePwaBuild();
  } catch (e) {
    rows.push({
      what: 'PWA build for the initial JavaScript sizes',
      figure: 'failed',
      budget: 'builds',
      ok: false,
    });
    report.push(String(e).split('\n').slice(0, 20).join('\n'));
  }
  const load = startLoadGenerator();
  let closeHello = async () => {};
  try {
    const helloWorld = await startHelloWorld();
    closeHello = helloWorld.close;
    const hello = {
      version: helloWorld.version,
      result: await helloWorld.measure(load, CONNECTIONS, seconds),
    };
    const single = rawSqliteRowsPerSec(1, 3);
    const batched = rawSqliteRowsPerSec(BATCH, 3);
    rows.push(
      {
        what: `limit: hello-world route, bare Fastify ${hello.version}, ${CONNECTIONS} connections (p99 ${ms(hello.result.p99)}; measured again before each round of each REST call)`,
        figure: `${int(hello.result.reqPerSec)} req/s`,
        budget: '-',
        ok: null,
      },
      {
        what: 'limit: raw better-sqlite3 single-row commits (WAL, synchronous=FULL; again before each round of the push)',
        figure: `${int(single)} /s`,
        budget: '-',
        ok: null,
      },
      {
        what: `limit: raw better-sqlite3 rows in transactions of ${BATCH} (again before each round of the push)`,
        figure: `${int(batched)} /s`,
        budget: '-',
        ok: null,
      },
    );

    const pwaParts: { rows: Row[]; report: string[] }[] = [];
    const build = pwa;
    const helloLimit = async (s: number) => (await helloWorld.measure(load, CONNECTIONS, s)).reqPerSec;
    const sqliteLimits: LimitOf = (kind, s) =>
      kind === 'push1' || kind === 'push200'
        ? Promise.resolve(rawSqliteRowsPerSec(kind === 'push1' ? 1 : BATCH, s))
        : helloLimit(s);
    let sqlite: Call[] = [];
    if (engines.includes('sqlite')) {
      ({ calls: sqlite } = await measureApp(
        null,
        load,
        seconds,
        build,
        async () => ({ limitOf: sqliteLimits, close: async () => undefined }),
        async (base) => {
          if (build) pwaParts.push(await pwaSizeRows(build, base, EMAIL, PASSWORD));
        },
      ));
      rows.push(...sqliteRows(sqlite, { hello: hello.result.reqPerSec, single, batched }));
    }

    let postgres: Call[] | null = null;
    let two: Call[] | null = null;
    if (pgUrl && engines.includes('postgres')) {
      // Each PostgreSQL call against the same driver's raw limit of its shape, measured right before each round
      // in the app's own database: a pool of the app's size reading 20 rows, 50 clients inserting one row each,
      // one client inserting rows in transactions of 200; /api/user against the hello-world route.
      const pgLimitsFor = async (url: string | null) => {
        const raw = await pgLimits(url!, CONNECTIONS, pgPoolSize());
        const limitOf: LimitOf = (kind, s) =>
          kind === 'user'
            ? helloLimit(s)
            : kind === 'push1'
              ? raw.singleInserts(s)
              : kind === 'push200'
                ? raw.batchedRows(s, BATCH)
                : raw.reads20(s);
        return { limitOf, close: raw.close };
      };
      // `BENCH_TWO_SERVERS=0`: without the same calls through two app server processes.
      const twoServers = process.env.BENCH_TWO_SERVERS !== '0';
      const measured = await withFreshPostgres(pgUrl, (url) =>
        measureApp(url, load, seconds, pwa, pgLimitsFor, undefined, twoServers),
      );
      postgres = measured.calls;
      two = measured.two;
      rows.push(...postgresRows(postgres));
      if (measured.two) rows.push(...postgresRows(measured.two, 'PostgreSQL, two app servers, same limits'));
    } else if (!pgUrl)
      report.push('PostgreSQL not measured: set BENCH_DATABASE_URL (or DATABASE_URL_TEST) to a server URL.');

    for (const part of pwaParts) {
      rows.push(...part.rows);
      report.push(...part.report);
    }
    report.unshift(
      `Hot paths: a firm of ${CASE_FILES} case files (one with ${INDEX_ITEMS} index items), ${CONNECTIONS} connections, ${seconds} s per call:`,
      ...sideBySide([
        { name: 'SQLite', calls: sqlite },
        { name: 'PostgreSQL', calls: postgres ?? [] },
        { name: 'PG, 2 servers', calls: two ?? [] },
      ]),
      ...sqlite
        .filter((c) => c.key === 'filtered')
        .map((c) => `(The filtered list matches ${c.found} of the ${CASE_FILES} case files.)`),
      '',
    );
  } finally {
    await closeHello();
    load.close();
    pwa?.cleanup();
  }
  return { rows, report };
}

// `node --import tsx scripts/bench/hot-paths.ts`: this part of the bench alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { rows, report } = await hotPathBench();
  const ok = printTable(rows);
  console.log(`\n${report.join('\n')}`);
  process.exitCode = ok ? 0 : 1;
}
