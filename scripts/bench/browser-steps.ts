import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';
import { openDatabase } from '../../sync-server/src/db/connect.ts';
import { bootstrap } from '../../sync-server/src/seed/bootstrap.ts';
import { ensurePwaBuild } from './pwa-size.ts';
import { printTable, type Row } from './table.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

/**
 * Waits until the signed-in page's first sync has ended: no progress bar for a second. A function, not a
 * string: the page's CSP refuses eval, which string predicates need.
 */
export async function firstSyncSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { lfQuiet?: number };
      w.lfQuiet = document.querySelector('progress') ? 0 : (w.lfQuiet ?? 0) + 1;
      return w.lfQuiet > 10;
    },
    undefined,
    { timeout: 120_000, polling: 100 },
  );
}

/**
 * Runs one part of the bench alone (its module run as a script): on the build in PWA_DIST_DIR, or on pwa/dist
 * as ensurePwaBuild finds it; prints its table and report and sets the exit code.
 */
export async function runAlone(
  part: (distDir: string) => Promise<{ rows: Row[]; report: string[] }>,
): Promise<void> {
  const build = process.env.PWA_DIST_DIR
    ? { distDir: process.env.PWA_DIST_DIR, note: null, cleanup: () => undefined }
    : ensurePwaBuild();
  const { rows, report } = await part(build.distDir).finally(build.cleanup);
  if (build.note) report.unshift(build.note);
  const ok = printTable(rows);
  if (report.length) console.log(`\n${report.join('\n')}`);
  process.exitCode = ok ? 0 : 1;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A phone's screen (390x844, touch), where lists are cards. */
export const PHONE_SCREEN = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};

export const BENCH_EMAIL = 'bench@firm.pk';
export const BENCH_PASSWORD = 'bench-password-1';

/**
 * Signs in through the login page, waits for the service worker, for `stored` (what the bench needs on the
 * device) and for the first sync to end.
 */
export async function signInSynced(
  ctx: BrowserContext,
  stored?: (page: Page) => Promise<unknown>,
  email = BENCH_EMAIL,
  password = BENCH_PASSWORD,
): Promise<void> {
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await stored?.(page);
  await firstSyncSettled(page);
  await page.close();
}

/** The tab each context keeps the app open in (see openTimed). */
const appTabs = new WeakMap<BrowserContext, Page>();

/**
 * One fresh navigation (a full page load: the HTML from the service worker, the app's scripts run anew, the
 * database opened and read) to `path`, timed to the console message `done` that an init script says once the
 * content is in the page (not waitForFunction: its polling would run on the main thread being measured); then
 * `read` runs in the page for the figures.
 *
 * By default it navigates the tab the app is already open in, from the dashboard, as a phone that uses the app
 * goes to a case by its link or address: the browser's process for the tab is already running. `newTab`
 * opens a tab of its own instead, which also pays for starting that process (a cold start of the browser's
 * side, not of the app).
 */
export async function openTimed<T>(
  ctx: BrowserContext,
  path: string,
  done: string,
  read: string = `performance.getEntriesByName(${JSON.stringify(done)})[0].startTime`,
  opts: { newTab?: boolean; dwellMs?: number } = {},
): Promise<T> {
  let page = opts.newTab ? await ctx.newPage() : appTabs.get(ctx);
  if (!page || page.isClosed()) {
    page = await ctx.newPage();
    appTabs.set(ctx, page);
  }
  try {
    if (!opts.newTab) {
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      // As a user looks at it: its idle work (the preloads) done before the next navigation.
      await page.waitForTimeout(1000);
    }
    const shown = page.waitForEvent('console', { predicate: (m) => m.text() === done, timeout: 30_000 });
    await page.goto(path, { waitUntil: 'commit' });
    await shown;
    const answer = await page.evaluate<T>(read);
    // As a user reads it before moving on: its idle work done (the case page keeps its snapshot).
    if (opts.dwellMs) await page.waitForTimeout(opts.dwellMs);
    return answer;
  } finally {
    if (opts.newTab) await page.close();
  }
}

export type PhoneBench = { app: FastifyInstance; browser: Browser; base: string; dataDir: string };

/**
 * A server of its own on a fresh SQLite file in a temporary folder (the bench admin bootstrapped), serving the
 * built PWA in `distDir`, and Debian's Chromium; `seed` runs before the server listens and its result goes to `run`. All of it is closed and
 * removed afterwards.
 */
export async function withPhoneBench<S, T>(
  distDir: string,
  seed: (app: FastifyInstance) => Promise<S>,
  run: (b: PhoneBench, seeded: S) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lf-bench-phone-'));
  try {
    const config = loadConfig(
      { DATA_DIR: dataDir, ADMIN_EMAIL: BENCH_EMAIL, ADMIN_PASSWORD: BENCH_PASSWORD, PWA_DIST_DIR: distDir },
      { scrypt: { N: 1024, r: 8, p: 1 } },
    );
    const database = await openDatabase(config.databaseUrl);
    await bootstrap(database.db, config);
    const app = await buildApp({ config, database });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
    try {
      await app.ready();
      const seeded = await seed(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
      return await run({ app, browser, base, dataDir }, seeded);
    } finally {
      await browser.close();
      await app.close();
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const CHROMIUM = CHROMIUM_PATH;
/** A report line when the browser benches cannot run here. */
export const noChromium = (what: string): string | null =>
  existsSync(CHROMIUM) ? null : `${what} bench skipped: Chromium not found (CHROMIUM_PATH).`;

/**
 * Read in the page after an opening (openTimed's `read`): the HTML's arrival, whether the service worker served
 * the page, and the first time of each of the app's marks (app/marks.ts), in ms from navigation start.
 */
export const READ_MARKS = `(() => {
  const at = { html: performance.getEntriesByType('navigation')[0].responseEnd };
  at.controlled = navigator.serviceWorker.controller ? 1 : 0;
  for (const m of performance.getEntriesByType('mark'))
    if (m.name.startsWith('lf:') && !(m.name in at)) at[m.name] = m.startTime;
  return at;
})()`;

/** Each mark's median time over the openings, in the order they happen: "html 12 ms, lf:main 80 ms, …". */
export const markTimeline = (openings: readonly Record<string, number>[]): string =>
  [...new Set(openings.flatMap((o) => Object.keys(o)))]
    .filter((k) => k !== 'controlled' && k !== 'snapshot')
    .map((k) => [k, median(openings.map((o) => o[k] ?? NaN).filter((x) => !Number.isNaN(x)))] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([k, t]) => `${k} ${t.toFixed(0)} ms`)
    .join(', ');
