import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export const MAIL_OUTBOX_PER_PAGE = 20;

const ZMailOutboxQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

/**
 * What the server mailed for the admin's firm, newest first, in the Laravel paginator shape the other lists
 * use. Without SMTP every mail stays "stored" here, so an admin can still read a new user's login details.
 */
export async function mailOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/mail_outbox', async (req) => {
    const { actor } = await req.authorize('mailOutbox.read');
    const { page } = ZMailOutboxQuery.parse(req.query ?? {});
    const scoped = app.db.selectFrom('mail_outbox').where('company_id', '=', actor.company_id);
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
    const from = data.length ? (page - 1) * MAIL_OUTBOX_PER_PAGE + 1 : null;
    return {
      mails: {
        data,
        current_page: page,
        from,
        to: from === null ? null : from + data.length - 1,
        total: count,
        per_page: MAIL_OUTBOX_PER_PAGE,
        last_page: Math.max(1, Math.ceil(count / MAIL_OUTBOX_PER_PAGE)),
      },
    };
  });
}
