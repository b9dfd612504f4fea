import type { FastifyInstance } from 'fastify';
import type { TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import type { Mail, MailFile } from '../mail/mailer.ts';
import { findSettings } from '../settings/settings.repository.ts';
import type { Row } from '../sync/entities.ts';
import { buildInvoice, invoiceMail } from './invoice-pdf.ts';
import { loadInvoices } from './invoices.repository.ts';

/** The mail attachment source that makes an invoice's PDF (mail/attachment-sources.ts lists it). */
export const INVOICE_PDF_SOURCE = 'invoice-pdf';

/**
 * An invoice is mailed when it is saved with "send email" newly ticked, or its status changes while ticked
 * (a device sets the flag last, after the invoice's expenses, so the mail has its final total).
 */
export const shouldMail = (before: Record<string, unknown> | null, after: Row, changed: string[]) =>
  !!after.send_email && (!before || !before.send_email || changed.includes('invoice_status_id'));

/**
 * Queues the invoice's mail to its client and contact persons in the caller's transaction (the mail outbox),
 * each with the invoice's PDF attached: named here, made by the mailer just after the commit (never a PDF
 * built inside a transaction), from the invoice as it was saved.
 */
export async function queueInvoiceMail(
  trx: Db,
  actor: TActor,
  invoiceId: string,
  enqueue: (mail: Mail) => Promise<unknown>,
): Promise<void> {
  const [inv] = await loadInvoices(trx, actor, invoiceId);
  if (!inv) return;
  const { to, subject, body } = invoiceMail(
    inv,
    (await findSettings(trx, actor.company_id))?.site_name ?? null,
  );
  for (const address of to)
    await enqueue({
      companyId: actor.company_id,
      to: address,
      subject,
      text: body,
      attachments: [{ source: INVOICE_PDF_SOURCE, ref: invoiceId }],
    });
}

/** A REST save's mail: queued, then the sender woken (it makes the PDF, then sends). */
export async function mailInvoice(app: FastifyInstance, actor: TActor, invoiceId: string): Promise<void> {
  await queueInvoiceMail(app.db, actor, invoiceId, (m) => app.mailer.enqueue(m));
}

/**
 * The PDF a queued invoice mail carries, made by the mailer for the firm. The firm's own document is read as
 * its staff reads it (every invoice of the firm): the mail was queued by someone allowed to send it.
 */
export async function invoicePdfForMail(
  app: FastifyInstance,
  companyId: string,
  invoiceId: string,
): Promise<MailFile> {
  const firmStaff: TActor = {
    id: 'mailer',
    company_id: companyId,
    is_admin: true,
    is_lawyer: false,
    is_student: false,
    is_client: false,
    is_provider: false,
  };
  const [inv] = await loadInvoices(app.db, firmStaff, invoiceId);
  if (!inv) throw new Error('The invoice was deleted before its mail was sent.');
  const { bytes, name } = await buildInvoice(app, firmStaff, inv);
  return { fileName: name, mimeType: 'application/pdf', bytes };
}
