// Profiles the hot calls on PostgreSQL one at a time (no concurrency, so a loaded machine blurs less):
// statements per request with their texts, time per request, and PostgreSQL's own planning and execution
// time of the list's statements (EXPLAIN ANALYZE). Alone: `node --import tsx scripts/bench/pg-profile.ts`.
// `PROFILE_BIG=30000`: the firm gets that many more case files (big-firm.ts) and the calls of the bench's big
// firm round are profiled too (page 500, the filtered list, the first pull page), each statement of the lists
// and the pull with its whole plan from EXPLAIN (ANALYZE, BUFFERS).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';
import { openDatabase } from '../../sync-server/src/db/connect.ts';
import { newId } from '../../sync-server/src/db/ids.ts';
import { bootstrap } from '../../sync-server/src/seed/bootstrap.ts';
import { setSpeedSwitches } from '../../sync-server/src/speed/switches.ts';
import { seedBigFirm } from './big-firm.ts';
import { seedFirm } from './seed.ts';

const texts: { text: string; values: unknown[]; t0: number; ms?: number }[] = [];
let recording = false;
const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
const original = proto.query;
proto.query = function (this: unknown, ...a: unknown[]) {
  const r = original.apply(this, a);
  if (recording) {
    const cfg = a[0] as string | { text: string; values?: unknown[] };
    const entry = {
      text: typeof cfg === 'string' ? cfg : cfg.text,
      values: (typeof cfg === 'string' ? a[1] : cfg.values) as unknown[],
      t0: performance.now(),
    } as (typeof texts)[number];
    texts.push(entry);
    if (r && typeof (r as Promise<unknown>).then === 'function')
      void (r as Promise<unknown>).then(
        () => (entry.ms = performance.now() - entry.t0),
        () => undefined,
      );
  }
  return r;
};

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL_TEST!;
const name = `lf_prof_${newId().replace(/-/g, '').slice(-16)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'lf-prof-'));
const N = Number(process.env.PROFILE_N ?? 100);
const BIG = Number(process.env.PROFILE_BIG ?? 0);
try {
  for (const mode of (process.env.PROFILE_MODES ?? 'plain,prepared,prepared+cache').split(',')) {
    const restore = setSpeedSwitches({
      pgPrepared: mode.includes('prepared'),
      answerCache: mode.includes('cache'),
    });
    const config = loadConfig(
      { DATA_DIR: dataDir, ADMIN_EMAIL: 'bench@firm.pk', ADMIN_PASSWORD: 'bench-password-1' },
      { scrypt: { N: 1024, r: 8, p: 1 }, databaseUrl: url.toString() },
    );
    const database = await openDatabase(config.databaseUrl);
    await bootstrap(database.db, config);
    const app = await buildApp({ config, database });
    await app.ready();
    try {
      const firm = await seedFirm(app, 'bench@firm.pk', 'bench-password-1');
      if (BIG) {
        const { company_id } = await database.db
          .selectFrom('users')
          .select('company_id')
          .where('email', '=', 'bench@firm.pk')
          .executeTakeFirstOrThrow();
        const t0 = performance.now();
        await seedBigFirm(database.db, company_id, BIG);
        console.log(
          `big firm: ${BIG} case files written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
      }
      // As autovacuum would within a minute of the seeding (the bench does the same).
      await sql`analyze`.execute(database.db);
      const headers = { authorization: firm.authorization };
      const get = (url: string) => async () => {
        const r = await app.inject({ method: 'GET', url, headers });
        if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      };
      const pullClient = `prof-pull-${newId()}`;
      // The page after the first (its cursor carries what the first counted was left: no count of its own).
      const laterPull = BIG
        ? `/sync/pull?clientId=${pullClient}&cursor=${encodeURIComponent(
            (await app.inject({ method: 'GET', url: `/sync/pull?clientId=${pullClient}`, headers })).json<{
              cursor: string;
            }>().cursor,
          )}`
        : '';
      const bigCalls: [string, () => Promise<unknown>][] = BIG
        ? [
            ['GET /api/petitions?page=500', get('/api/petitions?page=500')],
            [`GET /api/petitions?${firm.filter.label}`, get(`/api/petitions?${firm.filter.query}`)],
            ['GET /sync/pull first page', get(`/sync/pull?clientId=${pullClient}`)],
            ['GET /sync/pull second page', get(laterPull)],
          ]
        : [];
      const calls: [string, () => Promise<unknown>][] = [
        ['GET /api/user', () => app.inject({ method: 'GET', url: '/api/user', headers })],
        [
          'GET /api/petitions?page=2',
          () => app.inject({ method: 'GET', url: '/api/petitions?page=2', headers }),
        ],
        [
          'push 1 mutation',
          async () => {
            const r = await app.inject({
              method: 'POST',
              url: '/sync/push',
              headers,
              payload: {
                clientId: `prof-${newId()}`,
                mutations: [
                  {
                    id: 1,
                    name: 'put',
                    args: {
                      entity: 'petitions',
                      id: newId(),
                      values: {
                        case_no: 'P-1',
                        year: 2026,
                        title: 'Profile v. Push',
                        court_id: firm.courtId,
                      },
                    },
                  },
                ],
              },
            });
            if (r.statusCode !== 200) throw new Error(r.body);
          },
        ],
        ...bigCalls,
      ];
      console.log(`\n== ${mode}`);
      // `PROFILE_CALLS=push`: only the calls whose label holds one of these words.
      const only = process.env.PROFILE_CALLS?.split(',');
      for (const [label, run] of calls) {
        if (only && !only.some((w) => label.includes(w))) continue;
        for (let i = 0; i < 20; i++) await run();
        const times: number[] = [];
        for (let i = 0; i < N; i++) {
          const t0 = performance.now();
          await run();
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        texts.length = 0;
        recording = true;
        await run();
        recording = false;
        await new Promise((r) => setTimeout(r, 50));
        console.log(
          `${label}: median ${times[N >> 1]!.toFixed(2)} ms, p90 ${times[Math.floor(N * 0.9)]!.toFixed(2)} ms; ${texts.length} statements`,
        );
        for (const t of texts)
          console.log(`   ${(t.ms ?? NaN).toFixed(2)} ms  ${t.text.replace(/\s+/g, ' ').slice(0, 150)}`);
        if (BIG && (label.includes('petitions') || label.includes('pull')) && mode.includes('prepared')) {
          // The whole plan of each statement, with the buffers it read: a scan or sort of the whole firm shows.
          const c = new pg.Client({ connectionString: url.toString() });
          await c.connect();
          for (const t of texts.filter((x) => /^\s*(select|with)/i.test(x.text))) {
            const r = await c.query(`explain (analyze, buffers) ${t.text}`, t.values);
            console.log(`   EXPLAIN (ANALYZE, BUFFERS) ${t.text.replace(/\s+/g, ' ').slice(0, 400)}`);
            for (const row of r.rows as Record<string, string>[])
              console.log(`      ${Object.values(row)[0]}`);
          }
          await c.end();
        }
        if (label.includes('petitions') && mode === 'plain') {
          const c = new pg.Client({ connectionString: url.toString() });
          await c.connect();
          for (const t of texts.filter((x) => /^select/i.test(x.text))) {
            const plans: string[] = [];
            for (let i = 0; i < 5; i++) {
              const r = await c.query(`explain (analyze, summary) ${t.text}`, t.values);
              plans.push(
                r.rows
                  .map((row: Record<string, string>) => Object.values(row)[0]!)
                  .filter((l) => /Planning Time|Execution Time/.test(l))
                  .join(', '),
              );
            }
            console.log(`   EXPLAIN ${t.text.slice(0, 60)}…: ${plans.slice(2).join(' | ')}`);
          }
          await c.end();
        }
      }
    } finally {
      await app.close();
      await database.close();
      restore();
    }
    // A fresh database for the next mode.
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
