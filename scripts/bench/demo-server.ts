// The server as `npm start` runs it on a first start (SQLite in a fresh data folder, the demo firm and its
// reference data), serving a given PWA build on a loopback port: what the wire and Lighthouse benches measure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';
import { openDatabase } from '../../sync-server/src/db/connect.ts';
import { bootstrap, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../sync-server/src/seed/bootstrap.ts';

export type DemoServer = {
  app: FastifyInstance;
  base: string;
  email: string;
  password: string;
  close: () => Promise<void>;
};

export async function startDemoServer(distDir: string): Promise<DemoServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lf-demo-'));
  const config = loadConfig({ DATA_DIR: dataDir, PWA_DIST_DIR: distDir, ADMIN_EMAIL: DEMO_ADMIN_EMAIL });
  const database = await openDatabase(config.databaseUrl);
  await bootstrap(database.db, config);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    email: DEMO_ADMIN_EMAIL,
    password: DEMO_ADMIN_PASSWORD,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
