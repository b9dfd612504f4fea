import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toPaginator } from '@lawfirm/shared-types';
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
}
