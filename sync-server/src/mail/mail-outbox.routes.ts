import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toPaginator } from '@lawfirm/shared-types';
import { forFirm } from '../db/firm.ts';
import { ZMailOutboxQuery, ZMailOutboxResponse } from './mail-outbox.types.ts';

export const MAIL_OUTBOX_PER_PAGE = 20;

/**
 * What the server mailed for the admin's firm, newest first, in the Laravel paginator shape the other lists
 * use. Without SMTP every mail stays "stored" here, so an admin can still read a new user's login details.
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
      const scoped = forFirm(app.db, actor.company_id).selectFrom('mail_outbox');
      const { total } = await scoped
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      const count = Number(total);
      const data = await scoped
        .select([
          'id',
          'to_address',
          'subject',
          'body_text',
          'status',
          'attempts',
          'last_error',
          'created_at',
          'sent_at',
        ])
        // Ids are UUIDv7, so they break ties between mails created in the same millisecond in creation order.
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(MAIL_OUTBOX_PER_PAGE)
        .offset((page - 1) * MAIL_OUTBOX_PER_PAGE)
        .execute();
      return { mails: toPaginator(data, page, MAIL_OUTBOX_PER_PAGE, count) };
    },
  );
}
