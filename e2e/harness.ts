import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../sync-server/src/app.ts';
import { loadConfig, type Config } from '../sync-server/src/config.ts';
import { openDatabase, type DbHandle } from '../sync-server/src/db/connect.ts';
import { bootstrap } from '../sync-server/src/seed/bootstrap.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

export const E2E_ADMIN = { email: 'admin@e2e.firm', password: 'e2e-admin-password' };

export type Harness = {
  app: FastifyInstance;
  baseUrl: string;
  browser: Browser;
  providerId: string;
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  close: () => Promise<void>;
};

/** A loopback port free at this moment. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (!address || typeof address !== 'object') throw new Error('no free port');
  return address.port;
}

export type HarnessOptions = {
  /** Fill the firm with the demo data (issue 30), as a demo firm's first start does; by default it is empty. */
  demoData?: boolean;
};

/**
 * Inside vitest the journeys' files run one after another in the same worker process (isolate: false), so
 * they share one Chromium and one migrated database: launching a browser and running every migration and the
 * reference-data seed cost about a second a file. Each file still gets browser contexts (profiles) and a
 * database file of its own. Outside vitest (scripts) a harness launches and closes its own browser.
 */
const shareInProcess = !!process.env.VITEST;

let sharedBrowser: Promise<Browser> | null = null;
/** Harnesses of this process not yet closed: the last one to close sweeps the shared browser's contexts. */
let liveHarnesses = 0;

const launchChromium = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function browserForHarness(): Promise<Browser> {
  if (!shareInProcess) return launchChromium();
  const browser = await (sharedBrowser ??= launchChromium());
  if (browser.isConnected()) return browser;
  // A journey crashed or closed it: the next file gets a new one.
  sharedBrowser = null;
  return browserForHarness();
}

/**
 * A database migrated by the real migrations and bootstrapped with the e2e admin, made once per process and
 * copied for each harness (bootstrap then runs on the copy as on a restart, adding the demo data if asked).
 */
let templateFile: Promise<string> | null = null;

function e2eTemplate(config: Config): Promise<string> {
  return (templateFile ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lf-e2e-template-'));
    const file = join(dir, 'template.sqlite');
    const database = await openDatabase(file);
    try {
      await bootstrap(database.db, config);
    } finally {
      await database.close();
    }
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return file;
  })());
}

async function e2eDatabase(dataDir: string, config: Config): Promise<DbHandle> {
  const file = join(dataDir, 'e2e.sqlite');
  if (shareInProcess) {
    const template = await e2eTemplate(config);
    copyFileSync(template, file);
    if (existsSync(`${template}-wal`)) copyFileSync(`${template}-wal`, `${file}-wal`);
  }
  return openDatabase(file);
}

/** A real server (SQLite file, built PWA) on a loopback port and a headless Chromium. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lf-e2e-'));
  // The server is told its address as a deployment is (PUBLIC_URL): the links it hands out (PDF downloads,
  // calendar feeds, mails) are made on it, never on the Host header a request carries.
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // E2E_DIST_DIR lets a second build (another outDir) be tested while pwa/dist is in use.
      PWA_DIST_DIR: resolve(process.env.E2E_DIST_DIR ?? 'pwa/dist'),
    },
    {
      scrypt: { N: 1024, r: 8, p: 1 },
      rateLimit: { loginPerMinute: 1000, signupPerMinute: 1000, resetPerMinute: 1000 },
      captcha: { recaptchaSecret: null, recaptchaSiteKey: null, maxNumber: 5000, ttlSec: 600 },
    },
  );
  const database: DbHandle = await e2eDatabase(dataDir, config);
  // The demo data as npm start adds it to the demo firm (bootstrap's demoData).
  const boot = await bootstrap(database.db, config, { demoData: !!options.demoData });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  const browser = await browserForHarness();
  liveHarnesses++;
  const contexts = new Set<BrowserContext>();
  return {
    app,
    baseUrl,
    browser,
    providerId: boot.companyId,
    newContext: async (options) => {
      const ctx = await browser.newContext({ ...options, baseURL: baseUrl });
      contexts.add(ctx);
      ctx.once('close', () => contexts.delete(ctx));
      return ctx;
    },
    close: async () => {
      liveHarnesses--;
      if (!shareInProcess) await browser.close();
      else {
        // What the file left open goes with it, as closing its own browser did: no page of this file
        // keeps syncing against a stopped server while the next file runs.
        const open = liveHarnesses === 0 ? browser.contexts() : [...contexts];
        await Promise.all(open.map((ctx) => ctx.close().catch(() => undefined)));
      }
      // A test may already have stopped the HTTP server to take the network away.
      await app.close().catch(() => undefined);
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the real login screen. */
export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
