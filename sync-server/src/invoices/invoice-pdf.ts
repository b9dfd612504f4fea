import type { FastifyInstance } from 'fastify';
import { formatRs, type TActor } from '@lawfirm/shared-types';
import { invoiceFileName, type TInvoicePdfData } from '@lawfirm/shared-types/invoices/invoice.pdf.ts';
import type { Db } from '../db/connect.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { totalsOf, type TLoadedInvoice } from './invoices.repository.ts';

/** What the invoice PDF prints, from the invoice and the firm's invoice settings (the builder is shared with the PWA). */
export async function invoicePdfData(
  db: Db,
  companyId: string,
  inv: TLoadedInvoice,
): Promise<Omit<TInvoicePdfData, 'loadBytes'>> {
  const s = await findSettings(db, companyId);
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    heading: {
      siteName: s?.site_name ?? null,
      invoice_heading: s?.invoice_heading ?? null,
      invoice_heading_left: s?.invoice_heading_left ?? null,
      invoice_heading_right: s?.invoice_heading_right ?? null,
      invoice_address: s?.invoice_address ?? null,
      invoice_phone: s?.invoice_phone ?? null,
    },
    invoice: {
      invoice_no: inv.invoice_no,
      invoice_status_id: inv.invoice_status_id,
      created_at: inv.created_at,
      due_date: inv.due_date,
      paid_at: inv.paid_at,
      client_name: inv.client_name,
      client_company: text(inv.client_company),
      client_email: text(inv.client_email),
      client_phone: text(inv.client_phone),
      client_address: text(inv.client_address),
      attention: text(inv.attention),
      subject: text(inv.subject),
      services: text(inv.services),
      amount: inv.amount,
      apply_tax: inv.apply_tax,
      tax_percentage: inv.tax_percentage,
    },
    expenses: inv.expenseRows.map((e) => ({ expense: e.expense, amount: e.amount })),
    payments: inv.paymentRows.map((p) => ({
      paid_date: p.paid_date,
      paid_amount: p.paid_amount,
      notes: p.notes,
    })),
  };
}

/** Builds an invoice's PDF in a PDF worker (off the event loop), with its download name. */
export async function buildInvoice(app: FastifyInstance, actor: TActor, inv: TLoadedInvoice) {
  const data = await invoicePdfData(app.db, actor.company_id, inv);
  const bytes = await app.pdfWorkers.build(
    { kind: 'invoice', data },
    { dataDir: app.config.dataDir, companyId: actor.company_id },
  );
  return { bytes, name: invoiceFileName(inv.invoice_no, inv.client_name) };
}

/** The mail an invoice is sent with: to the client and the invoice's contact persons. */
export function invoiceMail(inv: TLoadedInvoice, siteName: string | null) {
  const t = totalsOf(inv);
  const to = [inv.client_email, ...((inv.contact_person_emails as string[] | null) ?? [])].filter(
    (e, i, all): e is string => typeof e === 'string' && !!e && all.indexOf(e) === i,
  );
  const subject =
    (typeof inv.subject === 'string' && inv.subject.trim()) ||
    `Invoice${inv.invoice_no == null ? '' : ` #${inv.invoice_no}`}${siteName ? ` from ${siteName}` : ''}`;
  const body = [
    `Dear ${inv.client_name},`,
    '',
    typeof inv.content === 'string' && inv.content.trim()
      ? inv.content.trim()
      : 'Please find our invoice attached.',
    '',
    `Total: ${formatRs(t.total)}`,
    `Paid: ${formatRs(t.paid)}`,
    `Balance due: ${formatRs(t.due)}`,
  ].join('\n');
  return { to, subject, body };
}
