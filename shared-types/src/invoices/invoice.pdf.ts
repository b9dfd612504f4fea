import { formatDate } from '../common/dates.ts';
import { formatPkPhone } from '../common/phone.ts';
import { newPdf, siteLine } from '../pdf/builders/common.ts';
import { GREY, PageFlow } from '../pdf/layout/flow.ts';
import { numberPages } from '../pdf/layout/page-numbers.ts';
import { drawTable, type TColumn } from '../pdf/layout/table.ts';
import { embedPdfFonts } from '../pdf/text/fonts.ts';
import type { TPdfHost } from '../pdf/types.ts';
import { formatRs } from '../common/money.ts';
import { invoiceTotals } from './invoice-list.ts';
import { statusTitle } from './invoices.entities.ts';

/** The invoice settings the PDF heading prints (part 3 §3 Settings, the Invoice Settings tab). */
export type TInvoiceHeading = {
  siteName: string | null;
  invoice_heading: string | null;
  invoice_heading_left: string | null;
  invoice_heading_right: string | null;
  invoice_address: string | null;
  invoice_phone: string | null;
};

/** What an invoice PDF prints: the same on the server (pdf_download_url) and on a device offline. */
export type TInvoicePdfData = Omit<TPdfHost, 'onProgress'> & {
  heading: TInvoiceHeading;
  invoice: {
    invoice_no: number | null;
    invoice_status_id: number;
    created_at: string | null;
    due_date: string | null;
    paid_at: string | null;
    client_name: string;
    client_company: string | null;
    client_email: string | null;
    client_phone: string | null;
    client_address: string | null;
    attention: string | null;
    subject: string | null;
    services: string | null;
    amount: number;
    apply_tax: boolean;
    tax_percentage: number;
  };
  expenses: { expense: string; amount: number }[];
  payments: { paid_date: string; paid_amount: number; notes: string | null }[];
};

const MONEY_COLUMNS: TColumn[] = [
  { title: 'Description', width: 0.7 },
  { title: 'Amount', width: 0.3, align: 'right' },
];
const PAYMENT_COLUMNS: TColumn[] = [
  { title: 'Date', width: 0.2 },
  { title: 'Notes', width: 0.5 },
  { title: 'Amount', width: 0.3, align: 'right' },
];

export const invoiceTitle = (no: number | null) =>
  no == null ? 'Invoice (number on sync)' : `Invoice #${no}`;
export const invoiceFileName = (no: number | null, client: string) =>
  `${no == null ? 'Invoice' : `Invoice ${no}`} - ${client}.pdf`.replace(/[\\/:*?"<>|]/g, ' ');

/** The invoice (§2.5 Download): the firm's heading, client, services, expenses, tax, payments, total and balance. */
export async function buildInvoicePdf(data: TInvoicePdfData): Promise<Uint8Array> {
  const { invoice: inv, heading: h } = data;
  const doc = await newPdf(invoiceTitle(inv.invoice_no));
  const fonts = await embedPdfFonts(doc, data.loadBytes);
  const flow = new PageFlow(doc, fonts);
  flow.newPage();
  siteLine(flow, h.siteName);
  if (h.invoice_heading?.trim())
    flow.text(h.invoice_heading.trim(), { size: 16, bold: true, align: 'center' });
  const sides = [h.invoice_heading_left, h.invoice_heading_right].map((s) => s?.trim() ?? '');
  if (sides[0] || sides[1]) {
    if (sides[0]) flow.text(sides[0], { size: 10, align: 'left' });
    if (sides[1]) flow.text(sides[1], { size: 10, align: 'right' });
  }
  // Phones print as they are read (042-37654321), however they were typed or stored.
  for (const line of [h.invoice_address, h.invoice_phone ? `Phone: ${formatPkPhone(h.invoice_phone)}` : null])
    if (line?.trim()) flow.text(line.trim(), { size: 9, align: 'center', color: GREY });
  flow.gap(10);
  flow.text(invoiceTitle(inv.invoice_no), { size: 14, bold: true });
  flow.text(`Status: ${statusTitle(inv.invoice_status_id)}`, { size: 10 });
  if (inv.created_at) flow.text(`Date: ${formatDate(inv.created_at)}`, { size: 10 });
  if (inv.due_date) flow.text(`Due date: ${formatDate(inv.due_date)}`, { size: 10 });
  if (inv.paid_at) flow.text(`Paid on: ${formatDate(inv.paid_at)}`, { size: 10 });
  flow.gap(8);
  flow.text('Bill to', { size: 11, bold: true });
  for (const line of [
    inv.client_name,
    inv.client_company,
    inv.client_address,
    formatPkPhone(inv.client_phone),
    inv.client_email,
  ])
    if (line?.trim()) flow.text(line.trim(), { size: 10 });
  if (inv.attention?.trim()) flow.text(`Attention: ${inv.attention.trim()}`, { size: 10 });
  if (inv.subject?.trim()) {
    flow.gap(6);
    flow.text(inv.subject.trim(), { size: 11, bold: true });
  }
  flow.gap(8);

  const t = invoiceTotals({
    ...inv,
    expenses: data.expenses.map((e) => e.amount),
    payments: data.payments.map((p) => p.paid_amount),
  });
  const rows: string[][] = [[inv.services?.trim() || 'Professional services', formatRs(t.amount)]];
  for (const e of data.expenses) rows.push([e.expense, formatRs(e.amount)]);
  if (t.tax) rows.push([`Tax (${inv.tax_percentage}%)`, `-${formatRs(t.tax)}`]);
  drawTable(flow, MONEY_COLUMNS, rows);
  flow.gap(6);
  flow.text(`Total: ${formatRs(t.total)}`, { size: 12, bold: true, align: 'right' });
  if (data.payments.length) {
    flow.gap(10);
    flow.text('Payments', { size: 11, bold: true });
    drawTable(
      flow,
      PAYMENT_COLUMNS,
      data.payments.map((p) => [formatDate(p.paid_date), p.notes ?? '', formatRs(p.paid_amount)]),
    );
    flow.gap(6);
    flow.text(`Paid: ${formatRs(t.paid)}`, { size: 10, align: 'right' });
  }
  flow.text(`Balance due: ${formatRs(t.due)}`, { size: 12, bold: true, align: 'right' });
  numberPages(doc, fonts);
  return doc.save();
}
