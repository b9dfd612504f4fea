import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toPaginator } from '@lawfirm/shared-types';
import { contentDisposition } from '../http/content-disposition.ts';
import { notFound } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import { blobPath } from '../uploads/blob-store.ts';
import { findMailAttachment } from './mail-attachments.ts';
import { listMailOutbox, MAIL_OUTBOX_PER_PAGE } from './mail-outbox.repository.ts';
import { ZMailOutboxQuery, ZMailOutboxResponse } from './mail-outbox.types.ts';

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
      return { mails: toPaginator(data, page, MAIL_OUTBOX_PER_PAGE, count) };
    },
  );

  /** A file a mail of the admin's firm carried (an invoice's PDF), as it was sent: a download, never rendered. */
  app.get(
    '/api/mail_outbox/attachments/:id',
    { config: { auth: 'mailOutbox.read' }, schema: { params: ZIdParams } },
    async (req, reply) => {
      const { actor } = await req.authorize('mailOutbox.read');
      const file = await findMailAttachment(app.db, actor.company_id, req.params.id);
      if (!file?.sha256) throw notFound('File not found.');
      return reply
        .header('Content-Type', file.mime_type ?? 'application/octet-stream')
        .header('Content-Disposition', contentDisposition(file.file_name ?? 'attachment'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(createReadStream(blobPath(app.config.dataDir, actor.company_id, file.sha256)));
    },
  );
}
