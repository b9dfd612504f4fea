// Issue 12: opening a dated module's index screen on a synced phone. A fresh navigation (a new tab) to
// /petition-order-sheets-index/{petition}/{sheet} of a case file with 50 order sheets and 100 attachments,
// served by the service worker and read from the device's database, timed until the sidebar lists all 50
// sheets and the open sheet's pages are in the page (its content), median of DATED_RUNS (default 7).
//
// Alone: `node --import tsx scripts/bench/dated-documents.ts` (PWA_DIST_DIR: a built PWA to measure).
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { makePng } from '../../shared-types/src/pdf/testing/images.ts';
import { multipart } from '../../sync-server/test/case-files-helpers.ts';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  markTimeline,
  median,
  noChromium,
  openTimed,
  PHONE_SCREEN,
  READ_MARKS,
  runAlone,
  signInSynced,
  withPhoneBench,
} from './browser-steps.ts';
import { ensurePwaBuild } from './pwa-size.ts';
import type { Row } from './table.ts';

export const DATED_INDEX_BUDGET_MS = 300;
export const DATED_ITEMS = 50;
export const DATED_FILES = 100;
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
    payload: { email: BENCH_EMAIL, password: BENCH_PASSWORD },
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

/** The bench part; without `distDir`, on pwa/dist as ensurePwaBuild finds (or makes) it. */
export async function datedDocumentsBench(distDir?: string): Promise<{ rows: Row[]; report: string[] }> {
  const skip = noChromium('Dated documents');
  if (skip) return { rows: [], report: [skip] };
  if (!distDir) {
    const build = ensurePwaBuild();
    try {
      return await datedDocumentsBench(build.distDir);
    } finally {
      build.cleanup();
    }
  }
  const runs = Number(process.env.DATED_RUNS ?? 7);
  return withPhoneBench(distDir, seed, async ({ browser, base }, { petitionId, firstId }) => {
    const ctx = await browser.newContext({ baseURL: base, ...PHONE_SCREEN });
    await ctx.addInitScript(shownScript(DATED_ITEMS));
    await signInSynced(ctx);
    const path = `/petition-order-sheets-index/${petitionId}/${firstId}`;
    const open = () => openTimed<Record<string, number>>(ctx, path, DONE, READ_MARKS);
    await open(); // warms the service worker and the code cache
    const openings: Record<string, number>[] = [];
    for (let i = 0; i < runs; i++) openings.push(await open());
    // The same in a tab of its own (which also starts the browser's process for it), printed beside.
    const inNewTab: number[] = [];
    for (let i = 0; i < 3; i++)
      inNewTab.push(
        (await openTimed<Record<string, number>>(ctx, path, DONE, READ_MARKS, { newTab: true }))[DONE]!,
      );
    await ctx.close();
    const times = openings.map((o) => o[DONE]!);
    const total = median(times);
    return {
      rows: [
        {
          what: `open an order sheets index of ${DATED_ITEMS} sheets and ${DATED_FILES} attachments from the device's database to content, fresh navigation in the app's tab (Chromium 390x844, median of ${runs})`,
          figure: `${total.toFixed(0)} ms`,
          budget: `< ${DATED_INDEX_BUDGET_MS} ms`,
          ok: total < DATED_INDEX_BUDGET_MS,
        },
        {
          what: '  the same in a new tab (its browser process started too; median of 3)',
          figure: `${median(inNewTab).toFixed(0)} ms`,
          budget: '-',
          ok: null,
        },
      ],
      report: [
        `Order sheets index, ${runs} fresh navigations in the app's tab: ${times.map((t) => t.toFixed(0)).join(', ')} ms; in a new tab: ${inNewTab.map((t) => t.toFixed(0)).join(', ')} ms`,
        `  marks (medians, from navigation start): ${markTimeline(openings)}`,
      ],
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAlone(datedDocumentsBench);
