// One app server process of the two-server bench (hot-paths.ts, issue 33): the app on a PostgreSQL database that
// the bench's own process bootstrapped and seeded, with a data folder of its own (as a second machine would
// have), signing tokens with the secret it is given. It reports its port, and answers `idle` once every request
// it has received is answered (a run's abandoned requests finish before the next run starts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';
import { openDatabase } from '../../sync-server/src/db/connect.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lf-bench-app-'));
const config = loadConfig(
  { DATA_DIR: dataDir, JWT_SECRET: process.env.BENCH_JWT_SECRET },
  { scrypt: { N: 1024, r: 8, p: 1 }, databaseUrl: process.env.BENCH_APP_DATABASE_URL! },
);
const database = await openDatabase(config.databaseUrl);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
let inflight = 0;
app.server.on('request', (_req, res) => {
  inflight++;
  res.once('close', () => inflight--);
});
const address = app.server.address();
process.send!({ port: typeof address === 'object' && address ? address.port : 0 });

process.on('message', (m: { idle?: number }) => {
  if (m.idle === undefined) return;
  const until = Date.now() + 60_000;
  const check = () => {
    if (inflight > 0 && Date.now() < until) setTimeout(check, 20);
    else process.send!({ idle: m.idle });
  };
  check();
});
process.on('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
});
