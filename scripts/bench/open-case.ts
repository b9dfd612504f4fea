// Issue 11 item 8: opening a case file on a synced device. A fresh navigation (a new tab) to /petitions/{id} of
// a case with 100 index items, served by the service worker from its precache and read from the device's
// database, timed until all 100 items are in the page, split by the app's Performance marks (app/marks.ts):
// service worker (the page from the precache), script (the app's entry evaluated), database open (plain
// IndexedDB), query (the case page's one query), screen chunk (waiting for the screen's code after that),
// render (React's first render to all 100 rows in the page) and paint (style, layout and paint of that frame:
// the content on screen). Each phase runs from the previous milestone to its own. On a phone's screen
// (390x844, touch), where the rows are cards.
//
// Alone: `node --import tsx scripts/bench/open-case.ts` (BENCH_DIST_DIR: a built PWA to measure instead of
// pwa/dist; OPEN_CASE_RUNS: navigations to time, default 9).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';
import { openDatabase } from '../../sync-server/src/db/connect.ts';
import { bootstrap } from '../../sync-server/src/seed/bootstrap.ts';
import { ensurePwaBuild } from './pwa-size.ts';
import { INDEX_ITEMS, seedFirm } from './seed.ts';
import { firstSyncSettled } from './browser-steps.ts';
import { printTable, type Row } from './table.ts';

export const OPEN_CASE_BUDGET_MS = 150;
const EMAIL = 'bench@firm.pk';
const PASSWORD = 'bench-password-1';
const ITEM_LINKS = 'a[href^="/petition-index-details/"]';
const SHOWN = 'lf:rows-shown';
const PAINTED = 'lf:painted';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** The milestones of one opening, in the order they happen on its critical path, and the phase each ends. */
const PHASES = [
  ['service worker', 'html'],
  ['script', 'lf:main'],
  ['database open', 'lf:db-open'],
  ['query', 'lf:query'],
  ['screen chunk', 'lf:render'],
  ['render', SHOWN],
  ['paint', PAINTED],
] as const;

type TOpening = { total: number; at: Record<string, number> };

/**
 * Marks SHOWN when the page first holds `n` index item links (the DOM React committed), from a mutation
 * observer installed before any of the page's scripts run, and PAINTED after the next frame (a task queued
 * from its animation frame runs once that frame is painted), and says so on the console: the bench waits for
 * that message, so nothing of Playwright's runs in the page while it opens.
 */
const rowsShownScript = (n: number) => `(() => {
  if (!location.pathname.startsWith('/petitions/')) return;
  const obs = new MutationObserver(() => {
    if (document.querySelectorAll(${JSON.stringify(ITEM_LINKS)}).length < ${n}) return;
    performance.mark(${JSON.stringify(SHOWN)});
    obs.disconnect();
    requestAnimationFrame(() => setTimeout(() => {
      performance.mark(${JSON.stringify(PAINTED)});
      console.debug(${JSON.stringify(PAINTED)});
    }));
  });
  obs.observe(document, { childList: true, subtree: true });
})()`;

/** Signs in, waits for the service worker and the first sync to finish: a synced device. */
async function syncedDevice(ctx: BrowserContext): Promise<void> {
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('lf_user') ?? '{}') as { id: string }).id,
  );
  // Every index item of the big case stored, then no progress bar for a second (the first sync has ended).
  // Functions, not strings: the page's CSP refuses eval, which string predicates need.
  await page.waitForFunction(
    ([name, want]) =>
      new Promise<boolean>((resolve) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('petition_index')) {
            db.close();
            return resolve(false);
          }
          const c = db.transaction('petition_index').objectStore('petition_index').count();
          c.onsuccess = () => {
            db.close();
            resolve(c.result >= want);
          };
        };
        req.onerror = () => resolve(false);
      }),
    [`lf-${userId}`, INDEX_ITEMS] as const,
    { timeout: 120_000, polling: 200 },
  );
  await firstSyncSettled(page);
  await page.close();
}

/** One fresh navigation in a new tab: the milestones in ms from its navigation start. */
async function openOnce(ctx: BrowserContext, caseId: string): Promise<TOpening> {
  const page: Page = await ctx.newPage();
  try {
    // Not waitForFunction: its polling script would run in the page, on the main thread being measured.
    const shown = page.waitForEvent('console', { predicate: (m) => m.text() === PAINTED, timeout: 30_000 });
    await page.goto(`/petitions/${caseId}`, { waitUntil: 'commit' });
    await shown;
    const at = await page.evaluate<Record<string, number>>(`(() => {
      const at = {};
      const nav = performance.getEntriesByType('navigation')[0];
      at.html = nav.responseEnd;
      at.controlled = navigator.serviceWorker.controller ? 1 : 0;
      for (const m of performance.getEntriesByType('mark'))
        if (m.name.startsWith('lf:') && !(m.name in at)) at[m.name] = m.startTime;
      return at;
    })()`);
    if (!at.controlled) throw new Error('the page was not served by the service worker');
    return { total: at[PAINTED]!, at };
  } finally {
    await page.close();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** The split of one opening: each phase from the previous milestone to its own (absent marks count 0). */
function split(o: TOpening): number[] {
  let prev = 0;
  return PHASES.map(([, mark]) => {
    const t = Math.max(prev, o.at[mark] ?? prev);
    const d = t - prev;
    prev = t;
    return d;
  });
}

export async function openCaseBench(): Promise<{ rows: Row[]; report: string[] }> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath))
    return { rows: [], report: ['Open-case bench skipped: Chromium not found (CHROMIUM_PATH).'] };
  const runs = Number(process.env.OPEN_CASE_RUNS ?? 9);
  const build = ensurePwaBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'lf-bench-open-'));
  try {
    const config = loadConfig(
      { DATA_DIR: dataDir, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, PWA_DIST_DIR: build.distDir },
      { scrypt: { N: 1024, r: 8, p: 1 } },
    );
    const database = await openDatabase(config.databaseUrl);
    await bootstrap(database.db, config);
    const app = await buildApp({ config, database });
    const browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      await app.ready();
      const firm = await seedFirm(app, EMAIL, PASSWORD);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
      const ctx = await browser.newContext({ baseURL: base, ...PHONE });
      await ctx.addInitScript(rowsShownScript(INDEX_ITEMS));
      await syncedDevice(ctx);
      // One opening to warm the service worker and the browser's code cache, as a phone that opened the app before.
      await openOnce(ctx, firm.bigCaseId);
      const openings: TOpening[] = [];
      for (let i = 0; i < runs; i++) openings.push(await openOnce(ctx, firm.bigCaseId));
      await ctx.close();

      const totals = openings.map((o) => o.total);
      const total = median(totals);
      const splits = openings.map(split);
      const parts = PHASES.map(([name], i) => `${name} ${ms(median(splits.map((s) => s[i]!)))}`);
      const marks = [...new Set(openings.flatMap((o) => Object.keys(o.at)))].filter(
        (k) => k !== 'controlled',
      );
      const timeline = marks
        .map((k) => [k, median(openings.map((o) => o.at[k] ?? NaN).filter((x) => !Number.isNaN(x)))] as const)
        .sort((a, b) => a[1] - b[1])
        .map(([k, t]) => `${k} ${ms(t)}`);
      return {
        rows: [
          {
            what: `open a case of ${INDEX_ITEMS} index items to its content painted, fresh navigation, synced phone (Chromium 390x844, median of ${runs})`,
            figure: ms(total),
            budget: `< ${OPEN_CASE_BUDGET_MS} ms`,
            ok: total < OPEN_CASE_BUDGET_MS,
          },
        ],
        report: [
          `Opening a case (${INDEX_ITEMS} index items), ${runs} fresh navigations: ${totals.map((t) => t.toFixed(0)).join(', ')} ms`,
          `  split (medians): ${parts.join(', ')}`,
          `  marks (medians, from navigation start): ${timeline.join(', ')}`,
        ],
      };
    } finally {
      await browser.close();
      await app.close();
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    build.cleanup();
  }
}

// `node --import tsx scripts/bench/open-case.ts`: this part of the bench alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { rows, report } = await openCaseBench();
  const ok = printTable(rows);
  console.log(`\n${report.join('\n')}`);
  process.exitCode = ok ? 0 : 1;
}
