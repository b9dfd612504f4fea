import { z } from 'zod';
import { queryPage, zPaginator } from '@lawfirm/shared-types';

/** GET /api/mail_outbox: `?page=` (anything else is page 1). */
export const ZMailOutboxQuery = z.object({ page: queryPage });

/** One stored mail as the admin's outbox lists it. */
export const ZMail = z.object({
  id: z.string(),
  to_address: z.string(),
  subject: z.string(),
  body_text: z.string(),
  /** queued | sent | failed | stored (no SMTP configured) */
  status: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** The files it carries; one not made yet has no name or size (made just after its mail is queued). */
  attachments: z.array(
    z.object({
      id: z.string(),
      file_name: z.string().nullable(),
      mime_type: z.string().nullable(),
      size: z.number().nullable(),
      /** A signed download link (made files only). */
      url: z.string().nullable(),
    }),
  ),
});
export type TMail = z.infer<typeof ZMail>;
export const ZMailOutboxResponse = z.object({ mails: zPaginator(ZMail) });
