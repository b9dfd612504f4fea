// `npm run bench`: speed figures with their budgets. Measured here, never in timed unit tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../sync-server/src/app.ts';
import { loadConfig } from '../sync-server/src/config.ts';
import { openDatabase } from '../sync-server/src/db/connect.ts';
import { bootstrap } from '../sync-server/src/seed/bootstrap.ts';
import { hashPassword, verifyPassword } from '../sync-server/src/auth/passwords.ts';

type Row = { what: string; figure: string; budget: string; ok: boolean };
const rows: Row[] = [];
const dir = mkdtempSync(join(tmpdir(), 'lf-bench-'));

try {
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_EMAIL: 'bench@firm.pk',
    ADMIN_PASSWORD: 'bench-password-1',
  });

  // Password hashing at the production cost (OWASP scrypt N=2^17): slow enough to hurt guessing, fast enough to log in.
  const t0 = performance.now();
  const hash = await hashPassword('bench-password-1', config.scrypt);
  const hashMs = performance.now() - t0;
  const t1 = performance.now();
  await verifyPassword('bench-password-1', hash);
  const verifyMs = performance.now() - t1;
  rows.push({
    what: 'scrypt hash (N=2^17)',
    figure: `${hashMs.toFixed(0)} ms`,
    budget: '< 1000 ms',
    ok: hashMs < 1000,
  });
  rows.push({
    what: 'scrypt verify (N=2^17)',
    figure: `${verifyMs.toFixed(0)} ms`,
    budget: '< 1000 ms',
    ok: verifyMs < 1000,
  });

  const database = await openDatabase(config.databaseUrl);
  const t2 = performance.now();
  await bootstrap(database.db, config);
  const bootMs = performance.now() - t2;
  rows.push({
    what: 'first start: demo firm + reference data',
    figure: `${bootMs.toFixed(0)} ms`,
    budget: '< 5000 ms',
    ok: bootMs < 5000,
  });

  const app = await buildApp({ config, database });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench@firm.pk', password: 'bench-password-1' },
  });
  const authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
  const n = 2000;
  const t3 = performance.now();
  for (let i = 0; i < n; i++)
    await app.inject({ method: 'GET', url: '/api/user', headers: { authorization } });
  const perSec = n / ((performance.now() - t3) / 1000);
  rows.push({
    what: 'GET /api/user (token + session + user checks), in-process',
    figure: `${perSec.toFixed(0)} req/s`,
    budget: '>= 1000 req/s',
    ok: perSec >= 1000,
  });
  await app.close();
  await database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const w = Math.max(...rows.map((r) => r.what.length));
console.log(`\n${'measure'.padEnd(w)}  ${'figure'.padStart(12)}  ${'budget'.padStart(14)}  result`);
for (const r of rows)
  console.log(
    `${r.what.padEnd(w)}  ${r.figure.padStart(12)}  ${r.budget.padStart(14)}  ${r.ok ? 'ok' : 'OVER BUDGET'}`,
  );
console.log(`\nmemory: rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
