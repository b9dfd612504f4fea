import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { attachmentsOfMails } from '../mail/mail-attachments.ts';
import { redactLinks } from '../mail/mailer.ts';

export const MAIL_OUTBOX_PER_PAGE = 20;

/** One page of what the server mailed for the firm, newest first, with the total; one-time links hidden. */
export async function listMailOutbox(db: Db, companyId: string, page: number) {
  const scoped = forFirm(db, companyId).selectFrom('mail_outbox');
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
  const files = await attachmentsOfMails(
    db,
    companyId,
    data.map((m) => m.id),
  );
  // A mail still waiting to be sent keeps its live link for the sender; the admin never sees it.
  return {
    data: data.map((m) => ({
      ...m,
      body_text: redactLinks(m.body_text),
      attachments: files.get(m.id) ?? [],
    })),
    count,
  };
}
