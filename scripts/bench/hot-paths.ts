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
import { performance } from 'node:perf_hooks';
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
import { setSpeedSwitches } from '../../sync-server/src/speed/switches.ts';
import { bigFirmCases, seedBigFirm } from './big-firm.ts';
import { rawSqliteRowsPerSec, startHelloWorld } from './limits.ts';
import { pgLimits } from './limits-pg.ts';
import {
  appServerConnections,
  pgConnectionBudget,
  watchPgConnections,
  type PgConnectionWatch,
} from './pg-connections.ts';
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
type CallKind = 'user' | 'list' | 'raw' | 'pull' | 'push1' | 'push200';
type Call = {
  key: string;
  label: string;
  kind: CallKind;
  result: LoadResult;
  /** Statements per request (push200: per mutation). */
  statements: number;
  /** GET calls: the median time of one request alone (5 in a row, through inject, no load). */
  alone?: number;
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
 * Warms the route up (JIT, caches) for a second per server process, then measures it for `seconds`: two
 * processes sharing one second of load each warmed half as much as one alone (their first push round gave 0.18
 * to 0.22 of raw inserts against 0.26 to 0.31 for one process; issue 33, stop 41). Each run starts on an idle
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
  await load.run({ ...warm, duration: server.bases.length });
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
          // The one server's pushes go to an app server process of its own, as the two servers' do and as
          // `npm start` runs it: the bench's own process (the app that seeded the firm, the hello-world route,
          // the limits' clients) answered them at half the rate a fresh server process did on the same database
          // (1,200 against 3,200 to 4,200 mut/s on a quiet machine); docs/performance.md. Each set-up's servers
          // are stopped before the next starts, so the connections stay within the bench's cap.
          const servers = async (n: number, part: 'reads' | 'pushes') => {
            const s = await startAppServers(n, config.databaseUrl, jwtSecret);
            try {
              return await measureCalls(app, s, firm, load, seconds, limitOf, part);
            } finally {
              await s.idle();
              await s.close();
            }
          };
          calls = await measureCalls(app, server, firm, load, seconds, limitOf, 'reads');
          await server.idle();
          two = await servers(2, 'reads');
          calls.push(...(await servers(1, 'pushes')));
          two.push(...(await servers(2, 'pushes')));
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

/**
 * Issue 33's big firm: the bench's firm with `cases` more case files written straight into the tables
 * (big-firm.ts), and the calls whose cost grows with a firm: the case list's page 2, a late page, the filtered
 * list and a device's first pull page, at 50 connections against the same limits as the other rounds. First as
 * the app runs (answer cache on: one computed answer per URL until the next write), then with the answer cache
 * off, each request computed, as for a firm whose writes keep moving the generation (on PostgreSQL any commit on
 * the server moves it, other databases' included).
 */
async function measureBigFirm(
  databaseUrl: string | null,
  load: LoadGenerator,
  seconds: number,
  cases: number,
  limitsFor: (databaseUrl: string | null) => Promise<{ limitOf: LimitOf; close: () => Promise<void> }>,
): Promise<{ calls: Call[]; seedSeconds: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lf-bench-big-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(48).toString('base64'),
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
    },
    { scrypt: { N: 1024, r: 8, p: 1 }, ...(databaseUrl ? { databaseUrl } : {}) },
  );
  /** The app on the round's database, listening; closed with its pool before the next one is opened. */
  const open = async () => {
    const database = await openDatabase(config.databaseUrl);
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      app,
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  };
  try {
    const boot = await openDatabase(config.databaseUrl);
    await bootstrap(boot.db, config).finally(() => boot.close());
    let current = await open();
    const calls: Call[] = [];
    let seedSeconds = 0;
    let limits: Awaited<ReturnType<typeof limitsFor>> | null = null;
    try {
      const { app, database } = current;
      const firm = await seedFirm(app, EMAIL, PASSWORD);
      const { company_id } = await database.db
        .selectFrom('users')
        .select('company_id')
        .where('email', '=', EMAIL)
        .executeTakeFirstOrThrow();
      const t0 = performance.now();
      await seedBigFirm(database.db, company_id, cases);
      seedSeconds = (performance.now() - t0) / 1000;
      // As autovacuum would within a minute of 30,000 inserts (its insert threshold): statistics for the
      // planner, and the visibility map that lets counts read an index alone.
      if (database.kind === 'postgres') await sql`vacuum analyze`.execute(database.db);
      const headers = { authorization: firm.authorization };
      // A device already known: its first call writes its client row and scope, so each measured pull only reads.
      const pullUrl = `/sync/pull?clientId=bench-pull-${newId()}`;
      const first = await app.inject({ method: 'GET', url: pullUrl, headers });
      if (first.statusCode !== 200) throw new Error(`first pull answered ${first.statusCode}: ${first.body}`);
      // The page after it: its cursor carries what the first page counted was left, so it counts nothing.
      const laterPullUrl = `${pullUrl}&cursor=${encodeURIComponent(first.json<{ cursor: string }>().cursor)}`;
      const filtered = await app.inject({
        method: 'GET',
        url: `/api/petitions?${firm.filter.query}`,
        headers,
      });
      const matches = filtered.json<{ petitions: { total: number } }>().petitions.total;
      const total = CASE_FILES + cases;
      const gets: Get[] = [
        ['bigpage2', '/api/petitions?page=2', `/api/petitions?page=2 (${int(total)} case files)`, 'list'],
        ['bigpage500', '/api/petitions?page=500', '/api/petitions?page=500 (rows 9,981-10,000)', 'list'],
        ['bigfiltered', `/api/petitions?${firm.filter.query}`, `/api/petitions?${firm.filter.label}`, 'list'],
        ['bigpull', pullUrl, '/sync/pull, first page (500 rows, a known device)', 'pull'],
        ['bigpull2', laterPullUrl, '/sync/pull, second page (500 rows)', 'pull'],
      ];
      limits = await limitsFor(config.databaseUrl);
      calls.push(
        ...(await measureGets(
          app,
          track(app),
          load,
          seconds,
          limits.limitOf,
          gets.filter(([key]) => wanted(key)),
          firm.authorization,
          { bigfiltered: matches },
        )),
      );
      await current.close();
      const restore = setSpeedSwitches({ answerCache: false });
      try {
        current = await open();
      } finally {
        restore();
      }
      const uncached = gets
        .filter(([key, , , kind]) => kind === 'list' && wanted(`${key}nc`))
        .map(([key, url, name, kind]): Get => [`${key}nc`, url, `${name}, answer cache off`, kind]);
      calls.push(
        ...(await measureGets(
          current.app,
          track(current.app),
          load,
          seconds,
          limits.limitOf,
          uncached,
          firm.authorization,
          { bigfilterednc: matches },
        )),
      );
    } finally {
      await limits?.close();
      await current.close();
    }
    return { calls, seedSeconds };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `BENCH_CALLS=user,push1`: only those calls (keys as in measureCalls), e.g. to profile one of them. */
const onlyCalls = process.env.BENCH_CALLS?.split(',').filter(Boolean);
const wanted = (key: string): boolean => !onlyCalls || onlyCalls.includes(key);

/** A GET call of the bench: its key (BENCH_CALLS), URL, label and kind. */
type Get = [key: string, url: string, name: string, kind: CallKind];

/**
 * Each GET measured at 50 connections in rounds after its limit, with the statements one request sends (counted
 * with nothing else in flight). `found`: the number of case files a filtered call's filters match, by key.
 */
async function measureGets(
  app: FastifyInstance,
  server: Server,
  load: LoadGenerator,
  seconds: number,
  limitOf: LimitOf | null,
  gets: Get[],
  authorization: string,
  found: Record<string, number> = {},
): Promise<Call[]> {
  // What a browser (the PWA, the original client) sends with every call.
  const browser = { authorization, 'accept-encoding': 'gzip, deflate, br, zstd' };
  const calls: Call[] = [];
  for (const [key, url, name, kind] of gets) {
    const headers = kind === 'raw' ? { authorization } : browser;
    // Counted with nothing else in flight (the last call's abandoned requests may still run), on a warm app.
    await server.idle();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - t0);
    }
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
      alone: times.sort((a, b) => a - b)[2]!,
      ...(found[key] !== undefined ? { found: found[key] } : {}),
    });
  }
  return calls;
}

async function measureCalls(
  app: FastifyInstance,
  server: Server,
  firm: SeededFirm,
  load: LoadGenerator,
  seconds: number,
  limitOf: LimitOf | null,
  part: 'all' | 'reads' | 'pushes',
): Promise<Call[]> {
  // Pushes are read back by the load generator (results counted), so they ask for no compression.
  const device = { authorization: firm.authorization };
  const calls: Call[] = [];
  const gets: Get[] = [
    ['user', '/api/user', '/api/user', 'user'],
    ['page2', '/api/petitions?page=2', '/api/petitions?page=2', 'list'],
    ['filtered', `/api/petitions?${firm.filter.query}`, `/api/petitions?${firm.filter.label}`, 'list'],
    ['users', '/api/users', '/api/users', 'list'],
    ['case', `/api/petitions/${firm.bigCaseId}`, `/api/petitions/{id} (${INDEX_ITEMS} index items)`, 'list'],
    ['page2raw', '/api/petitions?page=2', '/api/petitions?page=2, no Accept-Encoding', 'raw'],
  ];
  if (part !== 'pushes')
    calls.push(
      ...(await measureGets(
        app,
        server,
        load,
        seconds,
        limitOf,
        gets.filter(([key]) => wanted(key)),
        firm.authorization,
        { filtered: firm.filter.matches },
      )),
    );

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
/** The bench's databases are named so (the connection watch counts the connections to them). */
const BENCH_DB_PREFIX = 'lf_bench_';

async function withFreshPostgres<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `${BENCH_DB_PREFIX}${newId().replace(/-/g, '').slice(-16)}`;
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
/** The p99, or that no request was answered within the round (every request took longer). */
const p99Of = (c: Call): string =>
  c.result.ok2xx ? ms(c.result.p99) : `none in ${c.result.seconds.toFixed(1)} s`;
const perSec = (c: Call): number =>
  c.kind === 'push1' || c.kind === 'push200' ? c.result.applied / c.result.seconds : c.result.reqPerSec;
const unit = (c: Call): string => (c.kind === 'push1' || c.kind === 'push200' ? 'mut/s' : 'req/s');

/**
 * Lists with the case list's budget on SQLite (issue 8): every list as the app runs it; not the answer without
 * compression, the pull (no budget was set for it) or the big firm's lists with the answer cache off.
 */
const budgeted = (c: Call): boolean => c.kind === 'list' && !c.key.endsWith('nc');

/**
 * Lists with issue 33's case-list budget on PostgreSQL (>= 0.30 of raw 20-row reads, p99 < 50 ms): page 2, and
 * the big firm's page 2, late page and filtered list as the app runs them (a firm's size should not change
 * what a lawyer waits for).
 */
const PG_LIST_BUDGETS = ['page2', 'bigpage2', 'bigpage500', 'bigfiltered'];

/** The budgets of issue 8, as ratios to the limits measured in the same run. */
function sqliteRows(
  calls: Call[],
  limits: { hello: number; single: number; batched: number },
  what = '',
): Row[] {
  const rows: Row[] = [];
  for (const c of calls) {
    const rate = perSec(c);
    const [limit, limitName, minRatio, maxP99] =
      c.kind === 'user'
        ? [limits.hello, 'hello-world', 0.5, null]
        : c.kind === 'list' || c.kind === 'raw' || c.kind === 'pull'
          ? [limits.hello, 'hello-world', budgeted(c) ? 0.3 : null, budgeted(c) ? 50 : null]
          : c.kind === 'push1'
            ? [limits.single, 'raw single-row commits', 0.5, 100]
            : [limits.batched, `raw rows in txns of ${BATCH}`, 0.05, null];
    const ratio = rate / (c.limit ?? limit);
    rows.push({
      what: `${c.label} [SQLite${what ? `, ${what}` : ''}] vs ${limitName}${c.ratios ? ` just before, median of ${c.ratios.length} rounds (${c.ratios.map((r) => r.toFixed(2)).join(', ')})` : ''}`,
      figure: `${ratio.toFixed(3)} (${int(rate)} ${unit(c)})`,
      budget: minRatio === null ? '-' : `>= ${minRatio.toFixed(2)}`,
      ok: minRatio === null ? null : ratio >= minRatio,
    });
    rows.push({
      what: `  p99 latency (p50 ${ms(c.result.p50)}${c.alone === undefined ? '' : `; one request alone ${ms(c.alone)}`})`,
      figure: p99Of(c),
      budget: maxP99 === null ? '-' : `< ${maxP99} ms`,
      ok: maxP99 === null ? null : c.result.ok2xx > 0 && c.result.p99 < maxP99,
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
function postgresRows(calls: Call[], engine = 'PostgreSQL', insertClients = CONNECTIONS): Row[] {
  const rows: Row[] = [];
  for (const c of calls) {
    const rate = perSec(c);
    const [limitName, minRatio, maxP99] =
      c.kind === 'user'
        ? ['hello-world', 0.3, null]
        : c.kind === 'list' || c.kind === 'raw' || c.kind === 'pull'
          ? [
              'raw 20-row reads by a pool (pg)',
              PG_LIST_BUDGETS.includes(c.key) ? 0.3 : null,
              PG_LIST_BUDGETS.includes(c.key) ? 50 : null,
            ]
          : c.kind === 'push1'
            ? [`raw single-row inserts from ${insertClients} clients (pg)`, 0.3, 100]
            : [`raw rows in txns of ${BATCH} (pg)`, 0.3, null];
    const ratio = c.limit ? rate / c.limit : NaN;
    rows.push({
      what: `${c.label} [${engine}] vs ${limitName} just before: ${int(c.limit ?? 0)} /s${c.ratios ? `; median of ${c.ratios.length} rounds (${c.ratios.map((r) => r.toFixed(2)).join(', ')})` : ''}`,
      figure: `${ratio.toFixed(3)} (${int(rate)} ${unit(c)})`,
      budget: minRatio === null ? '-' : `>= ${minRatio.toFixed(2)}`,
      ok: minRatio === null ? null : ratio >= minRatio,
    });
    rows.push({
      what: `  p99 latency (p50 ${ms(c.result.p50)}); statements per ${c.kind === 'push200' ? 'mutation' : c.kind === 'push1' ? 'push' : 'request'}: ${c.statements.toFixed(c.kind === 'push200' ? 1 : 0)}${c.alone === undefined ? '' : `; one request alone ${ms(c.alone)}`}`,
      figure: p99Of(c),
      budget: maxP99 === null ? '-' : `< ${maxP99} ms`,
      ok: maxP99 === null ? null : c.result.ok2xx > 0 && c.result.p99 < maxP99,
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
          c.result.ok2xx ? ms(c.result.p99) : '-',
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
    // `BENCH_CALLS=bigpage2,...`: the big firm's calls alone, without the usual firm's rounds.
    const usualWanted = !onlyCalls || onlyCalls.some((k) => !k.startsWith('big'));
    let sqlite: Call[] = [];
    if (engines.includes('sqlite') && usualWanted) {
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

    // Issue 33's big firm, on SQLite first (its limit: the hello-world route, as its other lists).
    const bigCases = bigFirmCases();
    // Rounds of 2 s at least: a big firm's request can take a second under 50 connections, and a round shorter
    // than its requests answers none.
    const bigSeconds = Math.max(seconds, 2 * ROUNDS);
    const bigWanted = bigCases > 0 && (!onlyCalls || onlyCalls.some((k) => k.startsWith('big')));
    let bigSqlite: Call[] = [];
    let bigPostgres: Call[] = [];
    const seeded: string[] = [];
    if (bigWanted && engines.includes('sqlite')) {
      const big = await measureBigFirm(null, load, bigSeconds, bigCases, async () => ({
        limitOf: sqliteLimits,
        close: async () => undefined,
      }));
      bigSqlite = big.calls;
      seeded.push(`SQLite ${big.seedSeconds.toFixed(1)} s`);
    }

    let postgres: Call[] | null = null;
    let two: Call[] | null = null;
    let connections: string | null = null;
    if (pgUrl && engines.includes('postgres')) {
      // The connections the bench may hold on a server other sessions' tests share: sized to what is free now.
      const budget = await pgConnectionBudget(pgUrl);
      const poolMax = pgPoolSize();
      const perApp = appServerConnections(poolMax);
      // `BENCH_TWO_SERVERS=0`: without the same calls through two app server processes.
      let twoServers = process.env.BENCH_TWO_SERVERS !== '0';
      // The raw limits are measured while the app servers' pools are open (idle): the main app, and during the
      // two-server rounds its two children too; plus the watch's own connection.
      const free = (apps: number) => budget.cap - apps * perApp - 1;
      if (twoServers && free(3) < poolMax) twoServers = false;
      const apps = twoServers ? 3 : 1;
      // Single-row inserts from 50 clients (the pushing devices) when that many are free, else from fewer.
      const insertClients = Math.min(CONNECTIONS, free(apps));
      const planned = apps * perApp + Math.max(poolMax, insertClients) + 1;
      const watch: PgConnectionWatch | null =
        insertClients >= poolMax ? await watchPgConnections(pgUrl, BENCH_DB_PREFIX) : null;
      try {
        if (!watch) {
          rows.push({
            what: `PostgreSQL not measured: ${budget.cap} connections free for the bench (max_connections less reserved ${budget.max}, in use ${budget.inUse}, 10 left for others), one app server and its limits need ${perApp + poolMax + 1}`,
            figure: '-',
            budget: '-',
            ok: null,
          });
        } else {
          // Each PostgreSQL call against the same driver's raw limit of its shape, measured right before each
          // round in the app's own database: a pool of the app's size reading 20 rows, clients inserting one row
          // each, one client inserting rows in transactions of 200; /api/user against the hello-world route.
          const pgLimitsFor = async (url: string | null) => {
            const raw = await pgLimits(url!, { workers: CONNECTIONS, poolMax, insertClients });
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
          const measured = usualWanted
            ? await withFreshPostgres(pgUrl, (url) =>
                measureApp(url, load, seconds, pwa, pgLimitsFor, undefined, twoServers),
              )
            : { calls: [], two: null };
          postgres = measured.calls;
          two = measured.two;
          if (bigWanted) {
            const big = await withFreshPostgres(pgUrl, (url) =>
              measureBigFirm(url, load, bigSeconds, bigCases, pgLimitsFor),
            );
            bigPostgres = big.calls;
            seeded.push(`PostgreSQL ${big.seedSeconds.toFixed(1)} s`);
          }
          connections = `PostgreSQL connections: peak ${watch.peak()} measured, ${planned} planned (${apps} app server${apps > 1 ? 's' : ''} x ${perApp}, raw limits ${Math.max(poolMax, insertClients)}, 1 watching), cap ${budget.cap} (of ${budget.max}, ${budget.inUse} in use at the start)`;
          rows.push(
            {
              what: `${connections}; pools closed between rounds`,
              figure: String(watch.peak()),
              budget: `<= ${budget.cap}`,
              ok: watch.peak() <= budget.cap,
            },
            ...postgresRows(postgres, 'PostgreSQL', insertClients),
          );
          if (measured.two)
            rows.push(
              ...postgresRows(measured.two, 'PostgreSQL, two app servers, same limits', insertClients),
            );
        }
      } finally {
        await watch?.stop();
      }
    } else if (!pgUrl)
      report.push('PostgreSQL not measured: set BENCH_DATABASE_URL (or DATABASE_URL_TEST) to a server URL.');
    if (bigSqlite.length)
      rows.push(...sqliteRows(bigSqlite, { hello: hello.result.reqPerSec, single, batched }, 'big firm'));
    if (bigPostgres.length) rows.push(...postgresRows(bigPostgres, 'PostgreSQL, big firm'));

    for (const part of pwaParts) {
      rows.push(...part.rows);
      report.push(...part.report);
    }
    report.unshift(
      ...(sqlite.length || postgres?.length
        ? [
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
          ]
        : []),
      ...(connections ? [`${connections}.`, ''] : []),
      ...(bigSqlite.length || bigPostgres.length
        ? [
            `Big firm: ${int(CASE_FILES + bigCases)} case files (${int(bigCases)} written straight into the tables: ${seeded.join(', ')}), ${CONNECTIONS} connections, ${bigSeconds} s per call:`,
            ...sideBySide([
              { name: 'SQLite', calls: bigSqlite },
              { name: 'PostgreSQL', calls: bigPostgres },
            ]),
            ...[...bigSqlite, ...bigPostgres]
              .filter((c) => c.key === 'bigfiltered')
              .slice(0, 1)
              .map((c) => `(The filtered list matches ${int(c.found ?? 0)} of them.)`),
            '',
          ]
        : []),
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
