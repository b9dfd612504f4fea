import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { can, toPaginator } from '@lawfirm/shared-types';
import { pdfUrl } from '../case-files/pdf-urls.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { pdfActor } from '../case-files/pdf-auth.ts';
import { ZPdfQuery } from '../case-files/pdf.types.ts';
import { ZIdParams } from '../http/schemas.ts';
import { sendFromStore } from '../files/byte-range.ts';
import { blobKey } from '../files/file-store.ts';
import { findMailAttachment } from '../mail/mail-attachments.ts';
import { listMailOutbox, MAIL_OUTBOX_PER_PAGE } from './mail-outbox.repository.ts';
import { ZMailOutboxQuery, ZMailOutboxResponse } from './mail-outbox.types.ts';

const mailFilePath = (id: string) => `/api/mail_outbox/attachments/${encodeURIComponent(id)}`;

/**
 * What the server mailed for the admin's firm, newest first, in the Laravel paginator shape the other lists
 * use. Without SMTP every mail stays "stored" here; one-time links (reset, set-password) are shown hidden.
 */
export async function mailOutboxRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/mail_outbox',
    {
      config: { auth: 'mailOutbox.read' },
      schema: { querystring: ZMailOutboxQuery, response: { 200: ZMailOutboxResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('mailOutbox.read');
      const { page } = req.query;
      const { data, count } = await listMailOutbox(app.db, actor.company_id, page);
      // Each made file with a signed download link, which a plain <a download> can follow (no bearer token).
      const mails = data.map((m) => ({
        ...m,
        attachments: m.attachments.map((a) => ({
          ...a,
          url: a.size === null ? null : pdfUrl(app, req, mailFilePath(a.id), actor),
        })),
      }));
      return { mails: toPaginator(mails, page, MAIL_OUTBOX_PER_PAGE, count) };
    },
  );

  /**
   * A file a mail of the admin's firm carried (an invoice's PDF), as it was sent: a download, never rendered.
   * Its signed link from the list, or the bearer token.
   */
  app.get(
    '/api/mail_outbox/attachments/:id',
    { schema: { params: ZIdParams, querystring: ZPdfQuery } },
    async (req, reply) => {
      const actor = await pdfActor(app, req);
      if (!can(actor, 'mailOutbox.read')) throw forbidden();
      const file = await findMailAttachment(app.db, actor.company_id, req.params.id);
      if (!file?.sha256) throw notFound('File not found.');
      reply
        .header('Content-Type', file.mime_type ?? 'application/octet-stream')
        .header('Content-Disposition', contentDisposition(file.file_name ?? 'attachment'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return sendFromStore(reply, app.files, blobKey(actor.company_id, file.sha256));
    },
  );
}
