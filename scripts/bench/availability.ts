// Issue 28: no single user stalls the server for every firm. /api/health's latency, probed one request after
// another, while (a) 40 anonymous FIR result PDFs of 50 sections are asked for 4 at a time from one address,
// and (b) a firm admin saves the largest invoice the body bounds allow (100 expense lines) 40 times, 4 at a
// time, and lists the firm's invoices after each. The client runs in a child process, so the server's event
// loop is measured alone; the same probe against the idle server is the limit printed beside them.
// Alone: `node --import tsx scripts/bench/availability.ts`.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROLE_IDS } from '../../shared-types/src/index.ts';
import { buildApp } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';
import { openDatabase } from '../../sync-server/src/db/connect.ts';
import { LIST_BOUNDS } from '../../sync-server/src/http/body-lists.ts';
import { bootstrap } from '../../sync-server/src/seed/bootstrap.ts';
import firData from '../../sync-server/src/seed/data/fir-sections.json' with { type: 'json' };
import type { TAvailabilityResult, TAvailabilitySpec } from './availability-child.ts';
import { printTable, type Row } from './table.ts';

const HEALTH_P95_BUDGET_MS = 100;
const PDFS = Number(process.env.BENCH_FIR_PDFS ?? 40);
const SAVES = Number(process.env.BENCH_INVOICE_CALLS ?? 200);
const AT_ONCE = 4;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? NaN;
};

function runChild(spec: TAvailabilitySpec): Promise<TAvailabilityResult> {
  const child = fork(fileURLToPath(new URL('./availability-child.ts', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { result?: TAvailabilityResult; error?: string }) => {
      child.disconnect();
      if (m.result) resolve(m.result);
      else reject(new Error(m.error));
    });
    child.once('exit', (code) => reject(new Error(`availability client exited (${code})`)));
    child.send(spec);
  });
}

export async function availabilityBench(): Promise<{ rows: Row[]; report: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'lf-bench-availability-'));
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_EMAIL: 'avail@firm.pk',
    ADMIN_PASSWORD: 'avail-password-1',
  });
  const database = await openDatabase(config.databaseUrl);
  await bootstrap(database.db, config);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'avail@firm.pk', password: 'avail-password-1' },
    });
    const authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
    const client = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization },
      payload: {
        name: 'Bench Client',
        email: 'client@bench.pk',
        role_id: ROLE_IDS.CLIENT,
        password: 'client-password-1',
        confirm_password: 'client-password-1',
        is_approved: true,
        send_email: false,
        contact_persons: [],
      },
    });
    if (client.statusCode !== 200)
      throw new Error(`client: ${client.statusCode} ${client.body.slice(0, 200)}`);
    const clientId = client.json<{ user: { id: string } }>().user.id;

    // The FIR reader's link for 50 real sections (the answer names the PDF's address).
    const sections = firData.sections.slice(0, 50).map((s) => ({ section: s.section }));
    const search = await app.inject({
      method: 'POST',
      url: '/api/section_search_results',
      payload: {
        filterSections: sections,
        sectionData: { police_station: 'Civil Lines', fir_no: '1', year: '2026' },
      },
    });
    const pdfUrl = new URL(
      search.json<{ fir_reader_result_pdf_download_url: string }>().fir_reader_result_pdf_download_url,
    );
    const pdfPath = pdfUrl.pathname + pdfUrl.search;

    // The limit: the probe beside a load of health checks only, one at a time.
    const idleProbe = await runChild({
      base,
      health: '/api/health',
      load: Array.from({ length: 2000 }, () => ({ method: 'GET' as const, path: '/api/health' })),
      concurrency: 1,
    });
    const pdfs = await runChild({
      base,
      health: '/api/health',
      load: Array.from({ length: PDFS }, () => ({ method: 'GET' as const, path: pdfPath })),
      concurrency: AT_ONCE,
    });
    const expenses = LIST_BOUNDS.invoice_expenses!.max;
    const invoiceBody = JSON.stringify({
      invoiceable_id: clientId,
      amount: '150000',
      invoice_expenses: Array.from({ length: expenses }, (_, i) => ({
        expense: `Court fee ${i}`,
        amount: '1250.50',
      })),
    });
    const headers = { authorization, 'content-type': 'application/json' };
    const saves = await runChild({
      base,
      health: '/api/health',
      load: Array.from({ length: SAVES }, (_, i) =>
        i % 2
          ? { method: 'GET' as const, path: '/api/invoices', headers }
          : { method: 'POST' as const, path: '/api/invoices', headers, body: invoiceBody },
      ),
      concurrency: AT_ONCE,
    });

    const row = (what: string, r: TAvailabilityResult): Row => {
      const p95 = pct(r.healthMs, 95);
      return {
        what,
        figure: `p95 ${p95.toFixed(1)} ms`,
        budget: `< ${HEALTH_P95_BUDGET_MS} ms`,
        ok: p95 < HEALTH_P95_BUDGET_MS,
      };
    };
    const describe = (name: string, r: TAvailabilityResult) =>
      `${name}: health p50 ${pct(r.healthMs, 50).toFixed(1)} ms, p95 ${pct(r.healthMs, 95).toFixed(1)} ms, ` +
      `max ${Math.max(...r.healthMs).toFixed(1)} ms over ${r.healthMs.length} probes; load answers ${JSON.stringify(r.statuses)} in ${(r.loadMs / 1000).toFixed(1)} s`;
    return {
      rows: [
        {
          what: '/api/health alone (the limit: same probe, idle server)',
          figure: `p95 ${pct(idleProbe.healthMs, 95).toFixed(1)} ms`,
          budget: '-',
          ok: null,
        },
        row(`/api/health while ${PDFS} anonymous FIR PDFs (50 sections) run ${AT_ONCE} at a time`, pdfs),
        row(
          `/api/health while an admin saves ${SAVES / 2} invoices of ${expenses} lines and lists them`,
          saves,
        ),
      ],
      report: [
        describe('health alone', idleProbe),
        describe('FIR PDFs', pdfs),
        describe('largest invoices', saves),
        `PDF workers: ${config.pdfBuild.workers}; builds started ${app.pdfWorkers.started}`,
      ],
    };
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { rows, report } = await availabilityBench();
  printTable(rows);
  console.log(`\n${report.join('\n')}`);
}
