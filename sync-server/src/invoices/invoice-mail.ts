import type { FastifyInstance } from 'fastify';
import type { TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { findSettings } from '../settings/settings.repository.ts';
import type { Row } from '../sync/entities.ts';
import { invoiceMail } from './invoice-pdf.ts';
import { loadInvoices } from './invoices.repository.ts';

/**
 * An invoice is mailed when it is saved with "send email" newly ticked, or its status changes while ticked
 * (a device sets the flag last, after the invoice's expenses, so the mail has its final total).
 */
export const shouldMail = (before: Record<string, unknown> | null, after: Row, changed: string[]) =>
  !!after.send_email && (!before || !before.send_email || changed.includes('invoice_status_id'));

/** Queues the invoice's mail to its client and contact persons in the caller's transaction (the mail outbox). */
export async function queueInvoiceMail(
  trx: Db,
  actor: TActor,
  invoiceId: string,
  enqueue: (mail: { companyId: string; to: string; subject: string; text: string }) => Promise<unknown>,
): Promise<void> {
  const [inv] = await loadInvoices(trx, actor, invoiceId);
  if (!inv) return;
  const { to, subject, body } = invoiceMail(
    inv,
    (await findSettings(trx, actor.company_id))?.site_name ?? null,
  );
  for (const address of to) await enqueue({ companyId: actor.company_id, to: address, subject, text: body });
}

/** A REST save's mail: queued, then the sender woken. */
export async function mailInvoice(app: FastifyInstance, actor: TActor, invoiceId: string): Promise<void> {
  await queueInvoiceMail(app.db, actor, invoiceId, (m) => app.mailer.enqueue(m));
}
