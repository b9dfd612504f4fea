// The case's history of the court day (issue 34): that the client was told (by whom and when: the row's
// updated_by and created_at, stamped by the server; which channel and whom), and the possible conflicts a
// user acknowledged when saving a case, which only the firm's admins read (the audit).
import { z } from 'zod';
import { tooLong } from '../common/validation.ts';
import { defineEntity, permissionPolicy, permissionsPolicy, type TParent } from '../sync/entity.ts';

export const TELL_CHANNELS = ['whatsapp', 'sms'] as const;
export const MSG_CHANNEL_INVALID = 'The channel must be WhatsApp or SMS.';
export const MSG_NOTICE_CASE_MISSING = 'The case file of this record does not exist.';
export const MSG_WARNING_REQUIRED = 'The warning acknowledged is required.';

const inPetition: TParent = { column: 'petition_id', entity: 'petitions', message: MSG_NOTICE_CASE_MISSING };
const petitionId = z
  .string({ error: MSG_NOTICE_CASE_MISSING })
  .min(1, { error: MSG_NOTICE_CASE_MISSING })
  .max(200, { error: MSG_NOTICE_CASE_MISSING });

/** "Tell client" was used: read with the case file, added by those who edit it. */
export const caseNoticesDecl = defineEntity({
  name: 'case_notices',
  columns: { id: 'text', company_id: 'text', petition_id: 'text', channel: 'text', recipient_id: 'text' },
  writable: ['petition_id', 'channel', 'recipient_id'],
  schema: z.object({
    petition_id: petitionId,
    channel: z.enum(TELL_CHANNELS, { error: MSG_CHANNEL_INVALID }),
    recipient_id: z.string().max(200, tooLong(200)).nullish(),
  }),
  indexes: ['petition_id'],
  parents: [inPetition],
  policy: permissionPolicy('petitions.edit', () => ({ set: 'petitions', column: 'petition_id' })),
});

/** A possible conflict a user saved a case despite: added by those who edit cases, read by admins only. */
export const conflictAcksDecl = defineEntity({
  name: 'conflict_acks',
  columns: { id: 'text', company_id: 'text', petition_id: 'text', warning: 'text' },
  writable: ['petition_id', 'warning'],
  schema: z.object({
    petition_id: petitionId,
    warning: z
      .string({ error: MSG_WARNING_REQUIRED })
      .trim()
      .min(1, { error: MSG_WARNING_REQUIRED })
      .max(4000, tooLong(4000)),
  }),
  indexes: ['petition_id'],
  parents: [inPetition],
  policy: permissionsPolicy({ read: 'users.manage', create: 'petitions.edit', manage: 'users.manage' }),
});

export const CASE_NOTICE_ENTITIES = [caseNoticesDecl, conflictAcksDecl] as const;
