// `npm run bench`: speed figures with their budgets. Measured here, never in timed unit tests.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TPushResponse } from '@lawfirm/shared-types';
import { buildApp } from '../sync-server/src/app.ts';
import { loadConfig } from '../sync-server/src/config.ts';
import { openDatabase } from '../sync-server/src/db/connect.ts';
import { bootstrap } from '../sync-server/src/seed/bootstrap.ts';
import { newId } from '../sync-server/src/db/ids.ts';
import { filterCases, NO_FILTERS } from '../pwa/src/case-files/filterCases.ts';
import { hashPassword, verifyPassword } from '../sync-server/src/auth/passwords.ts';
import { buildCaseFilePdf } from '../shared-types/src/pdf/index.ts';
import { caseHeader } from '../shared-types/src/pdf/testing/fixtures.ts';
import { memoryHost } from '../shared-types/src/pdf/testing/host.ts';
import { makeScanPng } from '../shared-types/src/pdf/testing/images.ts';
import { hotPathBench } from './bench/hot-paths.ts';
import { firstLoadBench } from './bench/first-load.ts';
import { openCaseBench } from './bench/open-case.ts';
import { publicToolsBench } from './bench/public-tools.ts';
import { invoicesBench } from './bench/invoices.ts';
import { datedDocumentsBench } from './bench/dated-documents.ts';
import { libraryBench } from './bench/library.ts';
import { conflictCheckBench } from './bench/conflict-check.ts';
import { recordHearingBench } from './bench/record-hearing.ts';
import { calendarBench } from './bench/calendar.ts';
import { availabilityBench } from './bench/availability.ts';
import { ensurePwaBuild } from './bench/pwa-size.ts';
import { printTable, type Row } from './bench/table.ts';
import { CHROMIUM_ARGS } from './chromium.ts';

/** Times `n` pushes from their start to the poke arriving on an open event stream of the same firm. */
async function pokeLatencies(base: string, authorization: string, n: number): Promise<number[]> {
  const abort = new AbortController();
  const res = await fetch(`${base}/sync/events`, { headers: { authorization }, signal: abort.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  /** Waits for the next `what` on the stream; a poke that never comes (over budget anyway) stops the bench. */
  const next = async (what: string): Promise<void> => {
    const timer = setTimeout(() => abort.abort(), 5_000);
    try {
      for (;;) {
        const at = text.indexOf(what);
        if (at >= 0) {
          text = text.slice(at + what.length);
          return;
        }
        const { done, value } = await reader.read();
        if (done) throw new Error(`event stream ended before "${what}"`);
        text += decoder.decode(value, { stream: true });
      }
    } finally {
      clearTimeout(timer);
    }
  };
  await next(': connected');
  const clientId = `bench-poke-${Date.now()}`;
  const out: number[] = [];
  try {
    for (let i = 1; i <= n; i++) {
      const started = performance.now();
      const push = fetch(`${base}/sync/push`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId,
          mutations: [
            {
              id: i,
              name: 'put',
              args: { entity: 'statutes', id: newId(), values: { title: `Poke Act ${i}` } },
            },
          ],
        }),
      });
      await next('event: poke');
      out.push(performance.now() - started);
      await (await push).arrayBuffer();
    }
  } finally {
    abort.abort();
  }
  return out;
}

/**
 * The "Download PDF" of a large case file: 200 scanned A4 pages (150 dpi PNGs, each a different file) in 20
 * index items, built by the shared builder as the server and the PWA run it. Memory is the growth of the
 * process while building: every page's bytes and the finished PDF are held at once.
 */
async function casePdfBench(): Promise<{ ms: number; mib: number; pdfMiB: number }> {
  const host = memoryHost();
  const scan = makeScanPng(1240, 1754);
  const attachments = Array.from({ length: 200 }, (_, i) => {
    // Bytes after IEND make each file distinct (no sharing of one embedded image) without changing the picture.
    const bytes = new Uint8Array(scan.length + 4);
    bytes.set(scan);
    new DataView(bytes.buffer).setUint32(scan.length, i);
    return host.add(`scan-${i + 1}.png`, 'image/png', bytes);
  });
  const index = Array.from({ length: 20 }, (_, i) => ({
    description: `Annexure ${i + 1}`,
    date: '2024-01-05',
    annexure: `${i + 1}`,
    page_info: null,
    attachments: attachments.slice(i * 10, i * 10 + 10),
  }));
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const t0 = performance.now();
  const bytes = await buildCaseFilePdf({
    siteName: 'Bench',
    caseFile: caseHeader(),
    index,
    loadBytes: host.loadBytes,
    onProgress: () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    },
  });
  const ms = performance.now() - t0;
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, mib: (peak - rss0) / 1048576, pdfMiB: bytes.length / 1048576 };
}

const rows: Row[] = [];
const dir = mkdtempSync(join(tmpdir(), 'lf-bench-'));
// The PWA every part measures, found or built once here: pwa/dist as `npm run build` left it, built when missing,
// or a fresh build when the sources are newer. Each part's own ensurePwaBuild then gets this one.
const pwaBuild = ensurePwaBuild();
if (pwaBuild.note) console.log(pwaBuild.note);
process.on('exit', pwaBuild.cleanup);

try {
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_EMAIL: 'bench@firm.pk',
    ADMIN_PASSWORD: 'bench-password-1',
    PWA_DIST_DIR: pwaBuild.distDir,
  });

  // Password hashing at the production cost (OWASP scrypt N=2^17): slow enough to hurt guessing, fast enough to log in.
  // The median of three of each: the process's first call also starts libuv's thread pool and faults in its
  // 128 MiB for the first time (about 130 ms more here), which a server pays once, not at every login.
  const hashRuns: number[] = [];
  const verifyRuns: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const hash = await hashPassword('bench-password-1', config.scrypt);
    hashRuns.push(performance.now() - t0);
    const t1 = performance.now();
    if (!(await verifyPassword('bench-password-1', hash)))
      throw new Error('scrypt: a fresh hash did not verify');
    verifyRuns.push(performance.now() - t1);
  }
  const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
  const hashMs = middle(hashRuns);
  const verifyMs = middle(verifyRuns);
  const runs = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`scrypt runs: hash ${runs(hashRuns)} ms; verify ${runs(verifyRuns)} ms`);
  rows.push({
    what: 'scrypt hash (N=2^17), median of 3',
    figure: `${hashMs.toFixed(0)} ms`,
    budget: '< 1000 ms',
    ok: hashMs < 1000,
  });
  rows.push({
    what: 'scrypt verify (N=2^17), median of 3',
    figure: `${verifyMs.toFixed(0)} ms`,
    budget: '< 1000 ms',
    ok: verifyMs < 1000,
  });

  const pdf = await casePdfBench();
  rows.push({
    what: 'case file PDF, 200 scanned pages (A4 PNG, 150 dpi)',
    figure: `${pdf.ms.toFixed(0)} ms`,
    budget: '< 5000 ms',
    ok: pdf.ms < 5000,
  });
  rows.push({
    what: `  memory growth while building it (PDF ${pdf.pdfMiB.toFixed(1)} MiB)`,
    figure: `${pdf.mib.toFixed(0)} MiB`,
    budget: '< 512 MiB',
    ok: pdf.mib < 512,
  });

  const database = await openDatabase(config.databaseUrl);
  const t2 = performance.now();
  await bootstrap(database.db, config);
  const bootMs = performance.now() - t2;
  rows.push({
    what: 'first start: demo firm + reference data',
    figure: `${bootMs.toFixed(0)} ms`,
    budget: '< 5000 ms',
    ok: bootMs < 5000,
  });

  const app = await buildApp({ config, database });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench@firm.pk', password: 'bench-password-1' },
  });
  const authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
  const n = 2000;
  const t3 = performance.now();
  for (let i = 0; i < n; i++)
    await app.inject({ method: 'GET', url: '/api/user', headers: { authorization } });
  const perSec = n / ((performance.now() - t3) / 1000);
  rows.push({
    what: 'GET /api/user (token + session + user checks), in-process',
    figure: `${perSec.toFixed(0)} req/s`,
    budget: '>= 1000 req/s',
    ok: perSec >= 1000,
  });

  // Push throughput: one device sends a large outbox (a phone back from a week offline) in batches of 200.
  // Each mutation is its own transaction with a synchronous=FULL commit (DESIGN §5, §7).
  const total = 10_000;
  const batch = 200;
  const clientId = `bench-${Date.now()}`;
  const t4 = performance.now();
  for (let from = 1; from <= total; from += batch) {
    const mutations = Array.from({ length: batch }, (_, i) => ({
      id: from + i,
      name: 'put',
      args: { entity: 'statutes', id: newId(), values: { title: `Bench Act ${from + i}` } },
    }));
    const r = await app.inject({
      method: 'POST',
      url: '/sync/push',
      headers: { authorization },
      payload: { clientId, mutations },
    });
    const body = r.json<TPushResponse>();
    if (r.statusCode !== 200 || body.lastMutationId !== from + batch - 1)
      throw new Error(`push failed: ${r.statusCode} ${r.body.slice(0, 200)}`);
  }
  const mutPerSec = total / ((performance.now() - t4) / 1000);
  rows.push({
    what: `sync push, ${total} creates in batches of ${batch}, SQLite`,
    figure: `${mutPerSec.toFixed(0)} mut/s`,
    budget: '>= 2000 mut/s',
    ok: mutPerSec >= 2000,
  });

  // Poke latency over loopback: from the start of a push to the poke on another device's event stream.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const pokeMs = await pokeLatencies(base, authorization, 20);
  const median = [...pokeMs].sort((x, y) => x - y)[Math.floor(pokeMs.length / 2)]!;
  rows.push({
    what: 'poke latency, push start to SSE poke, loopback (median of 20)',
    figure: `${median.toFixed(1)} ms`,
    budget: '< 1000 ms',
    ok: median < 1000,
  });

  // First sync of a large firm into a fresh browser database: the pushes above left 10,000+ records.
  const expected = Number(
    (
      await database.db
        .selectFrom('statutes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
  // Filtering 20,000 local cases by party name, as the Case Files search does on a phone.
  {
    const cases = Array.from({ length: 20_000 }, (_, i) => ({
      id: `c${i}`,
      case_no: String(i),
      year: 2000 + (i % 26),
      title: `Case ${i}`,
      court_id: `court${i % 6}`,
      petition_type_id: null,
      institution_date: null,
      is_moot_case: i % 50 === 0,
      archived: false,
      pending_tag: i % 7 === 0 ? `L-${i}` : null,
      lawyer_ids: [],
      created_at: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
    }));
    const names = ['Muhammad Ahmed', 'Ayesha Khan', 'Bilal Qureshi', 'State', 'مقدمہ علی', 'Fatima Siddiqui'];
    const parties = cases.flatMap((c, i) => [
      {
        id: `p${i}a`,
        petition_id: c.id,
        name: `${names[i % names.length]} ${i}`,
        side: 'petitioner' as const,
        user_id: null,
        display_order: 0,
      },
      {
        id: `p${i}b`,
        petition_id: c.id,
        name: names[(i + 3) % names.length]!,
        side: 'opponent' as const,
        user_id: null,
        display_order: 0,
      },
    ]);
    const times: number[] = [];
    let found = 0;
    for (let run = 0; run < 11; run++) {
      const t = performance.now();
      found = filterCases(cases, parties, { ...NO_FILTERS, partyName: 'ayesha' }).length;
      times.push(performance.now() - t);
    }
    const med = times.sort((a, b) => a - b)[5]!;
    rows.push({
      what: `filter 20,000 local cases by party name (${found} found, median of 11)`,
      figure: `${med.toFixed(1)} ms`,
      budget: '< 50 ms',
      ok: med < 50,
    });
  }

  // A case file with 100 index items, to time opening its page from the local database.
  const petitionId = newId();
  const caseMutations = [
    {
      id: 1,
      name: 'put',
      args: {
        entity: 'petitions',
        id: petitionId,
        values: { case_no: '100', year: 2026, title: 'Bench v. Hundred Items' },
      },
    },
    ...Array.from({ length: 100 }, (_, i) => ({
      id: i + 2,
      name: 'put',
      args: {
        entity: 'petition_index',
        id: newId(),
        values: {
          petition_id: petitionId,
          document_description: `Annexure ${i + 1}`,
          display_order: i,
          annexure: `A-${i + 1}`,
        },
      },
    })),
  ];
  const seeded = await app.inject({
    method: 'POST',
    url: '/sync/push',
    headers: { authorization },
    payload: { clientId: `bench-case-${newId()}`, mutations: caseMutations },
  });
  if (seeded.statusCode !== 200) throw new Error(`seeding the case failed: ${seeded.body.slice(0, 200)}`);

  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromiumPath) && existsSync(join(config.pwaDistDir ?? '', 'index.html'))) {
    const first = await firstSyncInBrowser(base, chromiumPath, expected, petitionId);
    rows.push({
      what: 'open a petition page with 100 index items from the local database (Chromium)',
      figure: `${first.openMs.toFixed(0)} ms`,
      budget: '< 300 ms',
      ok: first.openMs < 300,
    });
    rows.push({
      what: `first sync of ${expected} records into a fresh browser database (Chromium)`,
      figure: `${(first.ms / 1000).toFixed(1)} s`,
      budget: '< 10 s',
      ok: first.ms < 10_000,
    });
    rows.push({
      what: 'browser JS heap after that first sync',
      figure: `${first.heapMiB.toFixed(0)} MiB`,
      budget: '< 200 MiB',
      ok: first.heapMiB < 200,
    });
  } else {
    console.log('first-sync bench skipped: needs Chromium (CHROMIUM_PATH) and a built PWA (npm run build).');
  }

  await app.close();
  await database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Signs in through the real login screen and times the engine's first sync until IndexedDB holds every record. */
async function firstSyncInBrowser(
  base: string,
  executablePath: string,
  expected: number,
  petitionId: string,
): Promise<{ ms: number; heapMiB: number; openMs: number }> {
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await (await browser.newContext({ baseURL: base, bypassCSP: true })).newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('bench@firm.pk');
    await page.getByLabel('Password', { exact: true }).fill('bench-password-1');
    const t0 = performance.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');
    const userId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('lf_user') ?? '{}') as { id: string }).id,
    );
    await page.waitForFunction(
      async ([name, want]) => {
        const count = await new Promise<number>((resolve) => {
          const req = indexedDB.open(name);
          req.onsuccess = () => {
            const db = req.result;
            if (!db.objectStoreNames.contains('statutes')) return resolve(0);
            const c = db.transaction('statutes').objectStore('statutes').count();
            c.onsuccess = () => {
              resolve(c.result);
              db.close();
            };
          };
          req.onerror = () => resolve(0);
        });
        return count >= want;
      },
      [`lf-${userId}`, expected] as const,
      { timeout: 60_000, polling: 100 },
    );
    const ms = performance.now() - t0;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;

    // Opening the case: a client-side navigation (as a click on View) until all 100 index rows are on screen.
    await page.waitForFunction(
      async (name) =>
        new Promise<boolean>((resolve) => {
          const req = indexedDB.open(name);
          req.onsuccess = () => {
            const db = req.result;
            if (!db.objectStoreNames.contains('petition_index')) return resolve(false);
            const c = db.transaction('petition_index').objectStore('petition_index').count();
            c.onsuccess = () => {
              resolve(c.result >= 100);
              db.close();
            };
          };
          req.onerror = () => resolve(false);
        }),
      `lf-${userId}`,
      { timeout: 60_000, polling: 100 },
    );
    // Measure a settled device: the first sync has finished writing (no progress bar for a second).
    await page.waitForFunction(
      `(() => { const busy = !!document.querySelector('progress'); window.__lfQuiet = busy ? 0 : (window.__lfQuiet || 0) + 1; return window.__lfQuiet > 10; })()`,
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    // A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
    const openMs = await page.evaluate<number>(`(async () => {
      const start = performance.now();
      window.history.pushState({}, '', '/petitions/${petitionId}');
      window.dispatchEvent(new PopStateEvent('popstate'));
      while (document.querySelectorAll('a[href^="/petition-index-details/"]').length < 100)
        await new Promise((r) => requestAnimationFrame(r));
      return performance.now() - start;
    })()`);
    return { ms, heapMiB: heap / 1048576, openMs };
  } finally {
    await browser.close();
  }
}

// Issue 8: REST lists, the auth check and sync pushes under load, against raw Fastify and raw SQLite.
const hot = await hotPathBench();
rows.push(...hot.rows);
// Issue 11 items 1, 2: bytes on the wire raw and compressed, and Lighthouse scores of the first load.
const firstLoad = await firstLoadBench();
rows.push(...firstLoad.rows);
// Issue 11 item 8: opening a case of 100 index items on a synced device, with where the time goes.
const openCase = await openCaseBench();
rows.push(...openCase.rows);
// Issue 12: a dated module's index screen (50 order sheets, 100 attachments) opened from the device's database.
const dated = await datedDocumentsBench();
rows.push(...dated.rows);
// Issue 16: the FIR reader's lookup of 10 sections over 5,000 stored on the device.
rows.push(...publicToolsBench().rows);
rows.push(...(await invoicesBench()).rows);
// Issue 14: library search over 5,000 pages and the propositions list of 5,000 opened on a phone.
const library = await libraryBench();
rows.push(...library.rows);
// Issue 13: the calendar's month view with 2,000 hearings on the device, and the iCal feed of 5,000.
const calendar = await calendarBench();
rows.push(...calendar.rows);
// Issue 34: the conflict check over 20,000 cases on the device (the index's build printed beside).
rows.push(...conflictCheckBench().rows);
// Issue 34: Record hearing's save to the next date in the calendar's query, on the device's database.
rows.push(...(await recordHearingBench()).rows);

// Issue 28: /api/health stays quick while anonymous FIR PDFs and the largest invoices the bounds allow are made.
const availability = await availabilityBench();
rows.push(...availability.rows);

const ok = printTable(rows);
console.log(
  `\n${[...hot.report, ...firstLoad.report, ...openCase.report, ...dated.report, ...library.report, ...calendar.report, ...availability.report].join('\n')}`,
);
console.log(`\nmemory: rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
process.exitCode = ok ? 0 : 1;
