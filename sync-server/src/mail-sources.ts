import type { FastifyInstance } from 'fastify';
import { documentMailSources } from './documents/documents.ts';
import type { MailAttachmentSources } from './mail/mail-attachments.ts';

/**
 * What makes the files that queued mails name (mail-attachments.ts): the one explicit list. A feature whose
 * mails carry a made file adds its maker here.
 */
export const mailAttachmentSources = (app: FastifyInstance): MailAttachmentSources => ({
  // Every declared document's PDF (an invoice's): documents/documents.ts.
  ...documentMailSources(app),
});
