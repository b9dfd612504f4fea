import type { LocalDb } from '../sync/db.ts';
import { putLocal } from '../sync/actions.ts';

/**
 * The case's history (issue 34), written on the device so it works offline; the next sync sends it. Who and
 * when are stamped by the server (updated_by, updated_at).
 */
export const recordClientTold = (
  db: LocalDb,
  petitionId: string,
  channel: 'whatsapp' | 'sms',
  recipientId: string | null,
) =>
  putLocal(db, 'case_notices', crypto.randomUUID(), {
    petition_id: petitionId,
    channel,
    recipient_id: recipientId,
  });

/** Each possible conflict the user saved a case despite, for the admin's audit. */
export async function recordConflictAcks(
  db: LocalDb,
  petitionId: string,
  warnings: readonly string[],
): Promise<void> {
  for (const warning of warnings)
    await putLocal(db, 'conflict_acks', crypto.randomUUID(), { petition_id: petitionId, warning });
}
