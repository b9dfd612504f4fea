import {
  can,
  toValidationErrors,
  ZContactRequestInput,
  type TActor,
  type TContactRequest,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId, nowIso } from '../db/ids.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { findContactRequest } from './contact-requests.repository.ts';
import { inTransaction } from '../reference-data/query-helpers.ts';

/**
 * A visitor's message from a firm's landing page. There is no actor: the firm is the one the host name
 * belongs to, chosen by the caller. The original client shows the `error` field of a failure, so a 422
 * carries the first message there as well as in `message`.
 */
export async function createContactRequest(
  db: Db,
  companyId: string,
  input: unknown,
  mailer: Mailer,
): Promise<TContactRequest> {
  const r = ZContactRequestInput.safeParse(input ?? {});
  if (!r.success) {
    const fields = toValidationErrors(r.error);
    const first = Object.values(fields)[0]?.[0] ?? 'The given data was invalid.';
    throw new HttpError(422, first, { error: first, validation_error: fields });
  }
  const data = r.data;
  const t = nowIso();
  const row = {
    id: newId(),
    company_id: companyId,
    name: data.name,
    email: data.email,
    subject: data.subject,
    message: data.message,
    created_at: t,
    updated_at: t,
    deleted_at: null,
  };
  const settings = await findSettings(db, companyId);
  await inTransaction(db, async (trx) => {
    await trx.insertInto('contact_requests').values(row).execute();
    // The firm hears about it by mail when it has said where to; the request is kept either way.
    if (settings?.site_email)
      await mailer.enqueue(
        {
          companyId,
          to: settings.site_email,
          subject: `New contact request${data.subject ? `: ${data.subject}` : ''}`,
          text: [
            `Name: ${data.name}`,
            `Email: ${data.email}`,
            `Subject: ${data.subject ?? ''}`,
            '',
            data.message,
          ].join('\n'),
        },
        trx,
      );
  });
  // The mail was queued inside the transaction; the sender can only see it now that it is committed.
  if (settings?.site_email) mailer.wake();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    created_at: row.created_at,
  };
}

/** Soft delete, own firm only: another firm's id answers 404 exactly like an unknown one. */
export async function deleteContactRequest(db: Db, actor: TActor, id: string): Promise<void> {
  if (!can(actor, 'contactRequests.manage')) throw forbidden();
  const row = await findContactRequest(db, actor.company_id, id);
  if (!row) throw notFound();
  const t = nowIso();
  await db
    .updateTable('contact_requests')
    .set({ deleted_at: t, updated_at: t })
    .where('id', '=', row.id)
    .where('company_id', '=', actor.company_id)
    .execute();
}
