// Issue 15: the invoices list on the device (10,000 local invoices filtered with their totals recomputed, the
// function the list screen runs) and one invoice PDF with the shared builder, medians.
// Alone: `node --import tsx scripts/bench/invoices.ts`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { filterInvoices, invoiceStats, pageOf, type TInvoiceForList } from '../../shared-types/src/index.ts';
import { buildInvoicePdf } from '../../shared-types/src/invoices/invoice.pdf.ts';
import { invoicePdfFixture } from '../../shared-types/src/invoices/invoice.pdf.fixture.ts';
import { memoryHost } from '../../shared-types/src/pdf/testing/host.ts';
import { printTable, type Row } from './table.ts';

const INVOICES = 10_000;
const FILTER_BUDGET_MS = 50;
const PDF_BUDGET_MS = 300;

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function invoicesBench(): Promise<{ rows: Row[] }> {
  const rows: TInvoiceForList[] = Array.from({ length: INVOICES }, (_, i) => ({
    id: `inv${i}`,
    invoice_no: i + 1,
    client_name: `Client ${i % 300}`,
    invoice_status_id: (i % 3) + 1,
    amount: 100_000 + i * 37,
    apply_tax: i % 2 === 0,
    tax_percentage: 10,
    due_date: `2026-${String((i % 12) + 1).padStart(2, '0')}-15`,
    paid_at: i % 3 === 2 ? '2026-11-01' : null,
    archived: i % 10 === 0,
    created_at: `2026-${String((i % 12) + 1).padStart(2, '0')}-01T10:00:00.000Z`,
    expenses: [2_500, 1_250],
    payments: i % 3 === 2 ? [50_000] : [],
  }));
  const filter = {
    client_name: 'client 1',
    from: '2026-03-01',
    to: '2026-09-30',
    date_type: 'due_date' as const,
  };
  const filterTimes: number[] = [];
  let shown = 0;
  for (let run = 0; run < 11; run++) {
    const t = performance.now();
    const list = filterInvoices(rows, filter);
    invoiceStats(list);
    shown = pageOf(list, 1).total;
    filterTimes.push(performance.now() - t);
  }
  const host = memoryHost();
  const pdfTimes: number[] = [];
  for (let run = 0; run < 5; run++) {
    const t = performance.now();
    await buildInvoicePdf({ ...invoicePdfFixture(), loadBytes: host.loadBytes });
    pdfTimes.push(performance.now() - t);
  }
  const f = median(filterTimes);
  const p = median(pdfTimes);
  return {
    rows: [
      {
        what: `Invoices: filter ${INVOICES.toLocaleString('en-US')} local invoices with totals (${shown} shown, median of 11)`,
        figure: `${f.toFixed(2)} ms`,
        budget: `< ${FILTER_BUDGET_MS} ms`,
        ok: f < FILTER_BUDGET_MS,
      },
      {
        what: 'Invoice PDF with an Urdu client (shared builder, median of 5)',
        figure: `${p.toFixed(0)} ms`,
        budget: `< ${PDF_BUDGET_MS} ms`,
        ok: p < PDF_BUDGET_MS,
      },
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printTable((await invoicesBench()).rows);
