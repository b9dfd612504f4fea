// Issue 13: the hearing calendar. (1) The month view with 2,000 hearings in the device's database: from a tap
// on the settled dashboard's Court Calendar tile (an in-app navigation, the screen's code cached) until the month grid
// counts every day's hearings and the chosen day's list is in the page, median of CALENDAR_RUNS (default 7);
// the fresh navigation to /petitions-calendar (app start included) is reported beside it. (2) The private iCal
// feed of 5,000 hearings: GET /calendar/{token}.ics over HTTP until the whole body has arrived, median of 7.
//
// Alone: `node --import tsx scripts/bench/calendar.ts` (PWA_DIST_DIR: a built PWA to measure).
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext } from 'playwright-core';
import { todayInPakistan } from '../../shared-types/src/common/dates.ts';
import { newId } from '../../sync-server/src/db/ids.ts';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  firstSyncSettled,
  median,
  noChromium,
  openTimed,
  runAlone,
  signInSynced,
  withPhoneBench,
} from './browser-steps.ts';
import { ensurePwaBuild } from './pwa-size.ts';
import type { Row } from './table.ts';

export const CALENDAR_MONTH_BUDGET_MS = 200;
export const CALENDAR_FEED_BUDGET_MS = 300;
export const MONTH_HEARINGS = 2_000;
export const FEED_HEARINGS = 5_000;
const CASES = 250;
const DONE = 'lf:month-shown';
const START = 'lf:month-start';
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const ms = (n: number) => `${n.toFixed(0)} ms`;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** This month's days (Pakistan time), the 2,000 hearings spread over them. */
function thisMonth(): string[] {
  const first = `${todayInPakistan().slice(0, 8)}01`;
  const days: string[] = [];
  for (let d = first; d.slice(0, 7) === first.slice(0, 7); d = addDays(d, 1)) days.push(d);
  return days;
}

/** Marks DONE once the month grid counts hearings on `days` tiles and a day's list is there (installed before any script). */
const shownScript = (days: number) => `(() => {
  const obs = new MutationObserver(() => {
    if (location.pathname !== '/petitions-calendar') return;
    if (document.querySelectorAll('.react-calendar__month-view .tile-count').length < ${days}) return;
    if (!document.querySelector('main .hearing-list li')) return;
    performance.mark(${JSON.stringify(DONE)});
    obs.disconnect();
    console.debug(${JSON.stringify(DONE)});
  });
  obs.observe(document, { childList: true, subtree: true });
})()`;

type TSeeded = { authorization: string; petitions: string[]; clientId: string; nextId: number };

async function authorize(app: FastifyInstance): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: BENCH_EMAIL, password: BENCH_PASSWORD },
  });
  return `Bearer ${login.json<{ access_token: string }>().access_token}`;
}

/** Order sheets (hearings) on `dates`, round the case files, through sync pushes of 250 as devices write them. */
async function pushHearings(app: FastifyInstance, s: TSeeded, dates: string[]): Promise<void> {
  for (let start = 0; start < dates.length; start += 250) {
    const mutations = dates.slice(start, start + 250).map((date, k) => ({
      id: s.nextId++,
      name: 'put',
      args: {
        entity: 'order_sheets',
        id: newId(),
        values: { petition_id: s.petitions[(start + k) % s.petitions.length], order_sheet_date: date },
      },
    }));
    const res = await app.inject({
      method: 'POST',
      url: '/sync/push',
      headers: { authorization: s.authorization },
      payload: { clientId: s.clientId, mutations },
    });
    if (res.statusCode !== 200 || res.body.includes('"rejected"'))
      throw new Error(`seeding failed: ${res.body.slice(0, 300)}`);
  }
}

/** 250 case files and 2,000 hearings this month. */
async function seedMonth(app: FastifyInstance): Promise<TSeeded> {
  const authorization = await authorize(app);
  const petitions: string[] = [];
  for (let i = 0; i < CASES; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/petitions',
      headers: { authorization },
      payload: { case_no: String(100 + i), year: 2026, title: `Petitioner ${i} v. State` },
    });
    if (res.statusCode !== 200) throw new Error(`seeding failed: ${res.body}`);
    petitions.push(res.json<{ petition_id: string }>().petition_id);
  }
  const seeded = { authorization, petitions, clientId: `bench-calendar-${Date.now()}`, nextId: 1 };
  const days = thisMonth();
  await pushHearings(
    app,
    seeded,
    Array.from({ length: MONTH_HEARINGS }, (_, i) => days[i % days.length]!),
  );
  return seeded;
}

/** One in-app navigation from the dashboard to the calendar's month view, in ms. */
async function tapCalendar(ctx: BrowserContext): Promise<number> {
  const page = await ctx.newPage();
  try {
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Court Calendar' }).waitFor();
    // A user taps the tile on a dashboard they are looking at: once it has settled (its sync engine started
    // on idle, no progress shown for a second, and the code of its two most used tiles loaded once no long
    // task had run for a while), so the tap times the calendar, not the dashboard's own start.
    await firstSyncSettled(page);
    await page.waitForFunction(() => performance.getEntriesByName('lf:preloaded').length > 0, undefined, {
      timeout: 30_000,
    });
    const shown = page.waitForEvent('console', { predicate: (m) => m.text() === DONE, timeout: 30_000 });
    await page.evaluate(`(() => {
      performance.mark(${JSON.stringify(START)});
      document.querySelector('a[href="/petitions-calendar"]').click();
    })()`);
    await shown;
    return await page.evaluate<number>(
      `performance.getEntriesByName(${JSON.stringify(DONE)})[0].startTime - performance.getEntriesByName(${JSON.stringify(START)})[0].startTime`,
    );
  } finally {
    await page.close();
  }
}

async function run(distDir: string): Promise<{ rows: Row[]; report: string[] }> {
  const skip = noChromium('Calendar');
  if (skip) return { rows: [], report: [skip] };
  const runs = Number(process.env.CALENDAR_RUNS ?? 7);
  return withPhoneBench(distDir, seedMonth, async ({ app, browser, base }, seeded) => {
    const days = thisMonth().length;
    const ctx = await browser.newContext({ baseURL: base, ...DESKTOP });
    await ctx.addInitScript(shownScript(days));
    await signInSynced(ctx);
    await tapCalendar(ctx); // warms the service worker and the screen's code
    const taps: number[] = [];
    for (let i = 0; i < runs; i++) taps.push(await tapCalendar(ctx));
    const fresh: number[] = [];
    for (let i = 0; i < Math.min(runs, 5); i++)
      fresh.push(await openTimed<number>(ctx, '/petitions-calendar', DONE));
    await ctx.close();

    // The feed: 3,000 more hearings over the next months, 5,000 in the feed's window in all.
    await pushHearings(
      app,
      seeded,
      Array.from({ length: FEED_HEARINGS - MONTH_HEARINGS }, (_, i) =>
        addDays(todayInPakistan(), 1 + (i % 120)),
      ),
    );
    const made = await app.inject({
      method: 'POST',
      url: '/api/calendar/feed',
      headers: { authorization: seeded.authorization },
    });
    const path = new URL(made.json<{ url: string }>().url).pathname;
    const feedOnce = async () => {
      const started = performance.now();
      const res = await fetch(`${base}${path}`);
      const body = await res.text();
      const took = performance.now() - started;
      if (res.status !== 200) throw new Error(`feed: ${res.status}`);
      return { took, events: body.split('BEGIN:VEVENT').length - 1, bytes: body.length };
    };
    await feedOnce();
    const feeds = [];
    for (let i = 0; i < 7; i++) feeds.push(await feedOnce());
    const tap = median(taps);
    const feed = median(feeds.map((f) => f.took));
    return {
      rows: [
        {
          what: `calendar month view with ${MONTH_HEARINGS} hearings in the device's database, from a tap on Court Calendar to the counted grid and the day's list (Chromium 1280x800, median of ${runs})`,
          figure: ms(tap),
          budget: `< ${CALENDAR_MONTH_BUDGET_MS} ms`,
          ok: tap < CALENDAR_MONTH_BUDGET_MS,
        },
        {
          what: `calendar month view, fresh navigation in the app's tab, with the app's start (same data, median of ${fresh.length})`,
          figure: ms(median(fresh)),
          budget: '-',
          ok: null,
        },
        {
          what: `iCal feed of ${feeds[0]!.events} hearings over HTTP, whole body (median of 7)`,
          figure: ms(feed),
          budget: `< ${CALENDAR_FEED_BUDGET_MS} ms`,
          ok: feed < CALENDAR_FEED_BUDGET_MS && feeds[0]!.events >= FEED_HEARINGS,
        },
      ],
      report: [
        `Calendar month view, ${runs} taps: ${taps.map((t) => t.toFixed(0)).join(', ')} ms; fresh: ${fresh.map((t) => t.toFixed(0)).join(', ')} ms`,
        `iCal feed: ${feeds.map((f) => f.took.toFixed(0)).join(', ')} ms, ${feeds[0]!.bytes.toLocaleString('en-US')} bytes`,
      ],
    };
  });
}

/** The bench part; without `distDir`, on the build ensurePwaBuild finds (or makes). */
export async function calendarBench(distDir?: string): Promise<{ rows: Row[]; report: string[] }> {
  const build = distDir ? { distDir, note: null, cleanup: () => undefined } : ensurePwaBuild();
  const out = await run(build.distDir).finally(build.cleanup);
  return { rows: out.rows, report: build.note ? [build.note, ...out.report] : out.report };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAlone(calendarBench);
