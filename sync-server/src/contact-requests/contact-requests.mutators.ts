import {
  can,
  toValidationErrors,
  ZContactRequestInput,
  type TActor,
  type TContactRequest,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId, nowIso } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { insertSyncedRow, VISITOR_WRITER } from '../sync/system-write.ts';
import { deleteRow } from '../sync/store.ts';
import { contactRequestsEntity } from './contact-requests.entity.ts';
import { findContactRequest } from './contact-requests.repository.ts';

/**
 * A visitor's message from a firm's landing page. There is no actor: the firm is the one the host name
 * belongs to, chosen by the caller. The original client shows the `error` field of a failure, so a 422
 * carries the first message there as well as in `message`. The row is logged like a device's change, so the
 * firm's admins see it on every device at their next pull.
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
