// Issue 11 item 8: opening a case file on a synced device. A fresh navigation (in the tab the app is open in,
// from the dashboard; also in a new tab, printed beside) to /petitions/{id} of
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
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { ensurePwaBuild } from './pwa-size.ts';
import { INDEX_ITEMS, seedFirm } from './seed.ts';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  markTimeline,
  median,
  noChromium,
  openTimed,
  PHONE_SCREEN,
  READ_MARKS,
  signInSynced,
  withPhoneBench,
} from './browser-steps.ts';
import { printTable, type Row } from './table.ts';

export const OPEN_CASE_BUDGET_MS = 150;
const NEW_TAB_RUNS = 5;
const ITEM_LINKS = 'a[href^="/petition-index-details/"]';
const SHOWN = 'lf:rows-shown';
const PAINTED = 'lf:painted';

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
export const rowsShownScript = (n: number) => `(() => {
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

/** Every index item of the big case stored (a function, not a string: the page's CSP refuses eval). */
export async function bigCaseStored(page: Page): Promise<void> {
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('lf_user') ?? '{}') as { id: string }).id,
  );
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
}

/** The milestones read after an opening, and whether the page came with the case's snapshot in it. */
const READ_OPENING = `({ ...${READ_MARKS}, snapshot: document.getElementById('root').hasAttribute('data-snapshot') ? 1 : 0 })`;

/**
 * One fresh navigation (in the app's tab, or in a new one): the milestones in ms from its navigation start.
 * The case is then read for a second, as a user would, so the page keeps its snapshot (browser/snapshots.ts).
 */
async function openOnce(ctx: BrowserContext, caseId: string, newTab = false): Promise<TOpening> {
  const at = await openTimed<Record<string, number>>(ctx, `/petitions/${caseId}`, PAINTED, READ_OPENING, {
    newTab,
    dwellMs: 1000,
  });
  if (!at.controlled) throw new Error('the page was not served by the service worker');
  return { total: at[PAINTED]!, at };
}

/** Deletes the case pages' snapshots, as a write to the device's data does: the next opening draws from data. */
async function forgetSnapshots(ctx: BrowserContext): Promise<void> {
  const page = ctx.pages()[0]!;
  await page.evaluate(() => caches.delete('lf-snapshots-v1'));
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/**
 * An opening served with the case's snapshot (browser/snapshots.ts): the page comes with the case in it and is
 * painted before the app's code runs.
 */
const SNAPSHOT_PHASES = [
  ['service worker', 'html'],
  ['page parsed', SHOWN],
  ['paint', PAINTED],
] as const;

/** The split of one opening: each phase from the previous milestone to its own (absent marks count 0). */
function split(o: TOpening, phases: readonly (readonly [string, string])[] = PHASES): number[] {
  let prev = 0;
  return phases.map(([, mark]) => {
    const t = Math.max(prev, o.at[mark] ?? prev);
    const d = t - prev;
    prev = t;
    return d;
  });
}

export async function openCaseBench(): Promise<{ rows: Row[]; report: string[] }> {
  const skip = noChromium('Open-case');
  if (skip) return { rows: [], report: [skip] };
  const runs = Number(process.env.OPEN_CASE_RUNS ?? 9);
  const build = ensurePwaBuild();
  try {
    return await withPhoneBench(
      build.distDir,
      (app) => seedFirm(app, BENCH_EMAIL, BENCH_PASSWORD),
      async ({ browser, base }, firm) => {
        const ctx = await browser.newContext({ baseURL: base, ...PHONE_SCREEN });
        await ctx.addInitScript(rowsShownScript(INDEX_ITEMS));
        await signInSynced(ctx, bigCaseStored);
        // One opening to warm the service worker and the browser's code cache, as a phone that opened the app before.
        await openOnce(ctx, firm.bigCaseId);
        const openings: TOpening[] = [];
        for (let i = 0; i < runs; i++) openings.push(await openOnce(ctx, firm.bigCaseId));
        // A case whose page this device has not drawn since its data last changed: no snapshot to show.
        const undrawn: TOpening[] = [];
        for (let i = 0; i < NEW_TAB_RUNS; i++) {
          await forgetSnapshots(ctx);
          undrawn.push(await openOnce(ctx, firm.bigCaseId));
        }
        // The same in a tab of its own, which also starts the browser's process for it: printed beside.
        const inNewTab: number[] = [];
        for (let i = 0; i < NEW_TAB_RUNS; i++)
          inNewTab.push((await openOnce(ctx, firm.bigCaseId, true)).total);
        await ctx.close();

        const totals = openings.map((o) => o.total);
        const total = median(totals);
        const splitOf = (os: TOpening[], phases: readonly (readonly [string, string])[]) =>
          phases.map(([name], i) => `${name} ${ms(median(os.map((o) => split(o, phases)[i]!)))}`).join(', ');
        const served = openings.filter((o) => o.at.snapshot);
        const drawn = openings.filter((o) => !o.at.snapshot);
        return {
          rows: [
            {
              what: `open a case of ${INDEX_ITEMS} index items to its content painted, fresh navigation in the app's tab, synced phone (Chromium 390x844, median of ${runs})`,
              figure: ms(total),
              budget: `< ${OPEN_CASE_BUDGET_MS} ms`,
              ok: total < OPEN_CASE_BUDGET_MS,
            },
            {
              what: `  openings served with the case as the device last drew it (browser/snapshots.ts)`,
              figure: `${openings.filter((o) => o.at.snapshot).length} of ${runs}`,
              budget: '-',
              ok: null,
            },
            {
              what: `  the same with no snapshot: a case not drawn on this device since its data changed (median of ${NEW_TAB_RUNS})`,
              figure: ms(median(undrawn.map((o) => o.total))),
              budget: '-',
              ok: null,
            },
            {
              what: `  the same in a new tab (its browser process started too; median of ${NEW_TAB_RUNS})`,
              figure: ms(median(inNewTab)),
              budget: '-',
              ok: null,
            },
          ],
          report: [
            `Opening a case (${INDEX_ITEMS} index items), ${runs} fresh navigations from the dashboard in the app's tab: ${totals.map((t) => t.toFixed(0)).join(', ')} ms; in a new tab: ${inNewTab.map((t) => t.toFixed(0)).join(', ')} ms`,
            ...(served.length
              ? [`  split (medians) with the snapshot: ${splitOf(served, SNAPSHOT_PHASES)}`]
              : []),
            ...(drawn.length ? [`  split (medians) drawn from data: ${splitOf(drawn, PHASES)}`] : []),
            `  with no snapshot: ${undrawn.map((o) => o.total.toFixed(0)).join(', ')} ms; split (medians): ${splitOf(undrawn, PHASES)}`,
            `  marks (medians, from navigation start): ${markTimeline(openings.map((o) => o.at))}`,
          ],
        };
      },
    );
  } finally {
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
