import { can, type TActor, type TContactRequest, type TContactRequestInput } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId, nowIso } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, HttpError, notFound, validationError, type TFieldErrors } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { insertSyncedRow, VISITOR_WRITER } from '../sync/system-write.ts';
import { deleteRow } from '../sync/store.ts';
import { contactRequestsEntity } from './contact-requests.entities.ts';
import { findContactRequest } from './contact-requests.repository.ts';

/** The original client shows the `error` field of a failed contact form, so its 422 carries the first message there too. */
export function contactValidationError(fields: TFieldErrors): HttpError {
  const answer = validationError(fields);
  return new HttpError(422, answer.message, { error: answer.message, ...answer.extra });
}

/**
 * A visitor's message from a firm's landing page. There is no actor: the firm is the one the host name
 * belongs to, chosen by the caller. The row is logged like a device's change, so the firm's admins see it on
 * every device at their next pull.
 */
export async function createContactRequest(
  db: Db,
  companyId: string,
  data: TContactRequestInput,
  mailer: Mailer,
): Promise<TContactRequest> {
  const row: TContactRequest = {
    id: newId(),
    name: data.name,
    email: data.email,
    subject: data.subject,
    message: data.message,
    created_at: nowIso(),
  };
  const settings = await findSettings(db, companyId);
  await inTransaction(db, async (trx) => {
    await insertSyncedRow(trx, contactRequestsEntity, companyId, row, { writer: VISITOR_WRITER });
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
  return row;
}

/**
 * A tombstone through the sync store, so the request leaves every device too. Own firm only: another firm's
 * id answers 404 exactly like an unknown one, and so does one already deleted (the store would shrug).
 */
export async function deleteContactRequest(db: Db, actor: TActor, id: string): Promise<void> {
  if (!can(actor, 'contactRequests.manage')) throw forbidden();
  await inTransaction(db, async (trx) => {
    if (!(await findContactRequest(trx, actor.company_id, id))) throw notFound();
    await deleteRow(trx, actor, contactRequestsEntity, id);
  });
}
