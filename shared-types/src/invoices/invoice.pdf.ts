import { formatDate } from '../common/dates.ts';
import { formatPkPhone } from '../common/phone.ts';
import { newPdf, siteLine } from '../pdf/builders/common.ts';
import { GREY, PageFlow } from '../pdf/layout/flow.ts';
import { numberPages } from '../pdf/layout/page-numbers.ts';
import { drawTable, type TColumn } from '../pdf/layout/table.ts';
import { embedPdfFonts } from '../pdf/text/fonts.ts';
import type { TDocumentInput, TDocumentModule } from '../pdf/document.ts';
import type { TPdfHost } from '../pdf/types.ts';
import { formatRs } from '../common/money.ts';
import { compareCodes } from '../common/natural-order.ts';
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

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * What the invoice prints, from its row, its expense and payment rows and the firm's settings (the Invoice
 * Settings tab), the same on the server and on a device: expenses in their order, payments by date.
 */
export function invoicePdfDataOf(input: TDocumentInput): Omit<TInvoicePdfData, 'loadBytes'> {
  const { row: inv, settings } = input;
  const s = settings ?? {};
  const expenses = [...(input.children.invoice_expenses ?? [])].sort(
    (a, b) => num(a.display_order) - num(b.display_order),
  );
  const payments = [...(input.children.invoice_payments ?? [])].sort((a, b) =>
    compareCodes(str(a.paid_date), str(b.paid_date)),
  );
  return {
    heading: {
      siteName: text(s.site_name),
      invoice_heading: text(s.invoice_heading),
      invoice_heading_left: text(s.invoice_heading_left),
      invoice_heading_right: text(s.invoice_heading_right),
      invoice_address: text(s.invoice_address),
      invoice_phone: text(s.invoice_phone),
    },
    invoice: {
      invoice_no: typeof inv.invoice_no === 'number' ? inv.invoice_no : null,
      invoice_status_id: num(inv.invoice_status_id),
      created_at: text(inv.created_at),
      due_date: text(inv.due_date),
      paid_at: text(inv.paid_at),
      client_name: str(inv.client_name),
      client_company: text(inv.client_company),
      client_email: text(inv.client_email),
      client_phone: text(inv.client_phone),
      client_address: text(inv.client_address),
      attention: text(inv.attention),
      subject: text(inv.subject),
      services: text(inv.services),
      amount: num(inv.amount),
      apply_tax: inv.apply_tax === true,
      tax_percentage: num(inv.tax_percentage),
    },
    expenses: expenses.map((e) => ({ expense: str(e.expense), amount: num(e.amount) })),
    payments: payments.map((p) => ({
      paid_date: str(p.paid_date),
      paid_amount: num(p.paid_amount),
      notes: text(p.notes),
    })),
  };
}

/** The mail an invoice is sent with: to the client and the invoice's contact persons, the PDF attached. */
function invoiceMail(input: TDocumentInput) {
  const { invoice: inv, expenses, payments, heading } = invoicePdfDataOf(input);
  const t = invoiceTotals({
    ...inv,
    expenses: expenses.map((e) => e.amount),
    payments: payments.map((p) => p.paid_amount),
  });
  const emails = input.row.contact_person_emails;
  const to = [inv.client_email, ...(Array.isArray(emails) ? emails : [])].filter(
    (e, i, all): e is string => typeof e === 'string' && !!e && all.indexOf(e) === i,
  );
  const subject =
    inv.subject?.trim() ||
    `Invoice${inv.invoice_no == null ? '' : ` #${inv.invoice_no}`}${heading.siteName ? ` from ${heading.siteName}` : ''}`;
  const content = text(input.row.content)?.trim();
  const body = [
    `Dear ${inv.client_name},`,
    '',
    content || 'Please find our invoice attached.',
    '',
    `Total: ${formatRs(t.total)}`,
    `Paid: ${formatRs(t.paid)}`,
    `Balance due: ${formatRs(t.due)}`,
  ].join('\n');
  return { to, subject, body };
}

/** The invoice as a declared document (invoices.entities.ts `document`): its PDF, file name and mail. */
export const invoiceDocument: TDocumentModule = {
  build: (input, loadBytes) => buildInvoicePdf({ ...invoicePdfDataOf(input), loadBytes }),
  fileName: (input) =>
    invoiceFileName(invoicePdfDataOf(input).invoice.invoice_no, str(input.row.client_name)),
  mail: invoiceMail,
};
