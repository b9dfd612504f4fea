// Issue 11 item 2: Lighthouse 12 (mobile: its default Moto G Power profile, simulated slow 4G and a 4x slower
// CPU) on the public pages and, signed in, on /dashboard and /petitions, against the built PWA served by the real
// server with the demo firm. Chromium is the system's (CHROMIUM_PATH, default /usr/bin/chromium), started by
// chrome-launcher; nothing is downloaded. Public pages are measured as a first visit (storage cleared). The
// signed-in pages as a lawyer opens them every day: signed in through the login page, the first sync done,
// the service worker installed; Lighthouse keeps that storage.
//
// Alone: `npm run lighthouse` (PWA_DIST_DIR picks the build, else pwa/dist as the bench builds it);
// LIGHTHOUSE_OUT=<folder> also writes each page's full JSON report there; LIGHTHOUSE_RUNS (default 3) runs per
// page, the median counting; LIGHTHOUSE_PAGES=/,/login measures only those.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { startDemoServer } from './demo-server.ts';
import { firstSyncSettled, runAlone } from './browser-steps.ts';
import type { Row } from './table.ts';
import { disableFeatures } from '../chromium.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The targets; SEO only counts on pages a search engine may show. */
const TARGET: Record<Category, number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  seo: 95,
};
/** Runs per page (LIGHTHOUSE_RUNS, default 3); the median one counts. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/sign-up', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/petitions', signedIn: true },
] as const;

export type PageScores = { path: string; signedIn: boolean; scores: Record<Category, number>; lhr: Result };

/** The features chrome-launcher switches off itself (its default --disable-features). */
const launcherFeaturesOff = (): string[] =>
  chromeLauncher.Launcher.defaultFlags()
    .find((f) => f.startsWith('--disable-features='))
    ?.slice('--disable-features='.length)
    .split(',') ?? [];

/** Runs Lighthouse on every page against `base`, signing in as `email` for the signed-in ones. */
export async function lighthouseScores(base: string, email: string, password: string): Promise<PageScores[]> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (CHROMIUM_PATH)`);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      // After the launcher's own flags, so this list (the launcher's, then ours) is the one Chromium reads.
      disableFeatures(launcherFeaturesOff()),
    ],
  });
  const out: PageScores[] = [];
  try {
    const once = async (
      path: string,
      keepStorage: boolean,
      attempt = 1,
    ): Promise<Omit<PageScores, 'path' | 'signedIn'>> => {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        disableStorageReset: keepStorage,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const lhr = result.lhr;
      if (lhr.runtimeError) {
        // A trace lost on a busy machine (NO_NAVSTART, NO_FCP…): measured again, twice at most.
        if (attempt < 3) return once(path, keepStorage, attempt + 1);
        throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      return { scores, lhr };
    };
    // The median run by performance: one run on a shared machine swings by 20 points.
    const run = async (path: string, keepStorage: boolean) => {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await once(path, keepStorage));
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      return runs[Math.floor(runs.length / 2)]!;
    };
    // LIGHTHOUSE_PAGES=/,/login: only those.
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    const pages = PAGES.filter((p) => !only || only.includes(p.path));
    for (const p of pages.filter((x) => !x.signedIn)) out.push({ ...p, ...(await run(p.path, false)) });
    if (pages.some((x) => x.signedIn)) await signIn(chrome.port, base, email, password);
    for (const p of pages.filter((x) => x.signedIn)) out.push({ ...p, ...(await run(p.path, true)) });
  } finally {
    chrome.kill();
  }
  return out;
}

/** Signs in through the real login page in the same Chromium and waits until the first sync has finished. */
async function signIn(port: number, base: string, email: string, password: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await firstSyncSettled(page);
  await page.close();
}

/** What kept a category below 100: the failing audits' titles (performance: its metrics instead). */
function findings(lhr: Result, category: Category): string[] {
  if (category === 'performance') {
    const m = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    return [
      `FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}, SI ${m('speed-index')}`,
    ];
  }
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
    .map((r) => `${r.id}: ${lhr.audits[r.id]!.title}`);
}

/** Rows for the Lighthouse scores of the build in `distDir`, served by a fresh demo server. */
export async function lighthouseRows(distDir: string): Promise<{ rows: Row[]; report: string[] }> {
  const rows: Row[] = [];
  const report: string[] = [];
  const server = await startDemoServer(distDir);
  try {
    const pages = await lighthouseScores(server.base, server.email, server.password);
    const outDir = process.env.LIGHTHOUSE_OUT;
    if (outDir) mkdirSync(outDir, { recursive: true });
    const index = pages[0]?.lhr.environment.benchmarkIndex;
    report.push(
      `Lighthouse ${pages[0]?.lhr.lighthouseVersion}, mobile, simulated throttling, median of ${RUNS} run(s) per page; this machine's benchmark index ${index?.toFixed(0)} (Lighthouse calibrates its 4x CPU slowdown on about 1000-2000).`,
    );
    for (const p of pages) {
      for (const c of CATEGORIES) {
        const counts = c !== 'seo' || !p.signedIn;
        rows.push({
          what: `Lighthouse ${c} ${p.path}${p.signedIn ? ' (signed in)' : ''}`,
          figure: String(p.scores[c]),
          budget: counts ? `>= ${TARGET[c]}` : '-',
          ok: counts ? p.scores[c] >= TARGET[c] : null,
        });
        if (p.scores[c] < 100)
          report.push(`  ${p.path} ${c} ${p.scores[c]}: ${findings(p.lhr, c).join('; ')}`);
      }
      if (outDir)
        writeFileSync(join(outDir, `${p.path.slice(1) || 'landing'}.json`), JSON.stringify(p.lhr, null, 1));
    }
  } catch (e) {
    rows.push({ what: 'Lighthouse', figure: 'failed', budget: 'runs', ok: false });
    report.push(`Lighthouse failed: ${String(e).split('\n').slice(0, 10).join('\n')}`);
  } finally {
    await server.close();
  }
  return { rows, report };
}

// `npm run lighthouse`: this part of the bench alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAlone(lighthouseRows);
