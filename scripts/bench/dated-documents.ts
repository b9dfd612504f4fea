// Issue 12: opening a dated module's index screen on a synced phone. A fresh navigation (a new tab) to
// /petition-order-sheets-index/{petition}/{sheet} of a case file with 50 order sheets and 100 attachments,
// served by the service worker and read from the device's database, timed until the sidebar lists all 50
// sheets and the open sheet's pages are in the page (its content), median of DATED_RUNS (default 7).
//
// Alone: `node --import tsx scripts/bench/dated-documents.ts` (PWA_DIST_DIR: a built PWA to measure).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { chromium, type BrowserContext } from 'playwright-core';
import { makePng } from '../../shared-types/src/pdf/testing/images.ts';
import { multipart } from '../../sync-server/test/case-files-helpers.ts';
import { buildApp } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';
import { openDatabase } from '../../sync-server/src/db/connect.ts';
import { bootstrap } from '../../sync-server/src/seed/bootstrap.ts';
import { firstSyncSettled, runAlone } from './browser-steps.ts';
import { ensurePwaBuild } from './pwa-size.ts';
import type { Row } from './table.ts';

export const DATED_INDEX_BUDGET_MS = 300;
export const DATED_ITEMS = 50;
export const DATED_FILES = 100;
const EMAIL = 'bench.dated@firm.pk';
const PASSWORD = 'bench-dated-password-1';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const DONE = 'lf:dated-shown';
const SIDEBAR_LINKS = 'nav[aria-label="Order Sheets"] a';

/** Marks DONE once the sidebar holds every sheet and the open sheet's pages are there (installed before any script). */
const shownScript = (n: number) => `(() => {
  if (!location.pathname.startsWith('/petition-order-sheets-index/')) return;
  const obs = new MutationObserver(() => {
    if (document.querySelectorAll(${JSON.stringify(SIDEBAR_LINKS)}).length < ${n}) return;
    if (!document.querySelector('figure[id^="page-"]')) return;
    performance.mark(${JSON.stringify(DONE)});
    obs.disconnect();
    console.debug(${JSON.stringify(DONE)});
  });
  obs.observe(document, { childList: true, subtree: true });
})()`;

/** A case file with 50 order sheets of two photos each, through the documented calls. */
async function seed(app: FastifyInstance): Promise<{ petitionId: string; firstId: string }> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: EMAIL, password: PASSWORD },
  });
  const authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
  const post = async <T>(url: string, payload: object): Promise<T> => {
    const r = await app.inject({ method: 'POST', url, headers: { authorization }, payload });
    if (r.statusCode !== 200) throw new Error(`POST ${url}: ${r.statusCode} ${r.body}`);
    return r.json<T>();
  };
  const { petition_id: petitionId } = await post<{ petition_id: string }>('/api/petitions', {
    case_no: '50',
    title: 'Fifty Hearings v. State',
  });
  let firstId = '';
  for (let i = 0; i < DATED_ITEMS; i++) {
    const day = new Date(Date.UTC(2025, 0, 1 + i * 7)).toISOString().slice(0, 10);
    const sheet = (
      await post<{ petitionOrderSheet: { id: string } }>('/api/petition_order_sheets', {
        petition_id: petitionId,
        title: `Hearing ${i + 1}`,
        order_sheet_date: day,
      })
    ).petitionOrderSheet;
    firstId ||= sheet.id;
    const files = [0, 1].map((k) => ({
      filename: `sheet-${i + 1}-${k + 1}.png`,
      type: 'image/png',
      data: Buffer.from(makePng(40, 30, () => [(i * 5) % 255, k * 120, 90])),
    }));
    const body = multipart(
      { attachmentable_id: sheet.id, attachmentable_type: 'PetitonOrderSheet', petition_id: petitionId },
      files,
    );
    const up = await app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { authorization, ...body.headers },
      payload: body.payload,
    });
    if (up.statusCode !== 200) throw new Error(`upload: ${up.statusCode} ${up.body}`);
  }
  return { petitionId, firstId };
}

/** Signs in and waits for the service worker and the end of the first sync. */
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
  await firstSyncSettled(page);
  await page.close();
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** One fresh navigation: the app's marks (app/marks.ts) and the content's, in ms from its navigation start. */
async function openOnce(ctx: BrowserContext, path: string): Promise<Record<string, number>> {
  const page = await ctx.newPage();
  try {
    const shown = page.waitForEvent('console', { predicate: (m) => m.text() === DONE, timeout: 30_000 });
    await page.goto(path, { waitUntil: 'commit' });
    await shown;
    return await page.evaluate<Record<string, number>>(`(() => {
      const at = { html: performance.getEntriesByType('navigation')[0].responseEnd };
      for (const m of performance.getEntriesByType('mark'))
        if (m.name.startsWith('lf:') && !(m.name in at)) at[m.name] = m.startTime;
      return at;
    })()`);
  } finally {
    await page.close();
  }
}

/** Each mark's median time, in the order they happen. */
const timeline = (openings: readonly Record<string, number>[]): string =>
  [...new Set(openings.flatMap((o) => Object.keys(o)))]
    .map((k) => [k, median(openings.map((o) => o[k] ?? NaN).filter((x) => !Number.isNaN(x)))] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([k, t]) => `${k} ${t.toFixed(0)} ms`)
    .join(', ');

/** The bench part; without `distDir`, on pwa/dist as ensurePwaBuild finds (or makes) it. */
export async function datedDocumentsBench(distDir?: string): Promise<{ rows: Row[]; report: string[] }> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath))
    return { rows: [], report: ['Dated documents bench skipped: Chromium not found (CHROMIUM_PATH).'] };
  if (!distDir) {
    const build = ensurePwaBuild();
    try {
      return await datedDocumentsBench(build.distDir);
    } finally {
      build.cleanup();
    }
  }
  const runs = Number(process.env.DATED_RUNS ?? 7);
  const dataDir = mkdtempSync(join(tmpdir(), 'lf-bench-dated-'));
  try {
    const config = loadConfig(
      { DATA_DIR: dataDir, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, PWA_DIST_DIR: distDir },
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
      const { petitionId, firstId } = await seed(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
      const ctx = await browser.newContext({ baseURL: base, ...PHONE });
      await ctx.addInitScript(shownScript(DATED_ITEMS));
      await syncedDevice(ctx);
      const path = `/petition-order-sheets-index/${petitionId}/${firstId}`;
      await openOnce(ctx, path); // warms the service worker and the code cache
      const openings: Record<string, number>[] = [];
      for (let i = 0; i < runs; i++) openings.push(await openOnce(ctx, path));
      await ctx.close();
      const times = openings.map((o) => o[DONE]!);
      const total = median(times);
      return {
        rows: [
          {
            what: `open an order sheets index of ${DATED_ITEMS} sheets and ${DATED_FILES} attachments from the device's database to content, fresh navigation (Chromium 390x844, median of ${runs})`,
            figure: `${total.toFixed(0)} ms`,
            budget: `< ${DATED_INDEX_BUDGET_MS} ms`,
            ok: total < DATED_INDEX_BUDGET_MS,
          },
        ],
        report: [
          `Order sheets index, ${runs} fresh navigations: ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
          `  marks (medians, from navigation start): ${timeline(openings)}`,
        ],
      };
    } finally {
      await browser.close();
      await app.close();
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx scripts/bench/dated-documents.ts`: this part of the bench alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAlone(datedDocumentsBench);
