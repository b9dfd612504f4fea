import type { FastifyInstance } from 'fastify';
import { INVOICE_PDF_SOURCE, invoicePdfForMail } from './invoices/invoice-mail.ts';
import type { MailAttachmentSources } from './mail/mail-attachments.ts';

/**
 * What makes the files that queued mails name (mail-attachments.ts): the one explicit list. A feature whose
 * mails carry a made file adds its maker here.
 */
export const mailAttachmentSources = (app: FastifyInstance): MailAttachmentSources => ({
  [INVOICE_PDF_SOURCE]: (companyId, ref) => invoicePdfForMail(app, companyId, ref),
});
