import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { email, optionalText, requiredText } from '../common/validation.ts';
import { can } from '../auth/permissions.ts';
import { defineEntity } from '../sync/entity.ts';

/** POST /api/contact_requests (part 1 §5): subject optional. */
export const ZContactRequestInput = z.object({
  name: requiredText(MSG.nameRequired, 191),
  email: email(),
  subject: optionalText(255),
  message: requiredText(MSG.messageRequired, 5000),
});
export type TContactRequestInput = z.infer<typeof ZContactRequestInput>;
/** A request as GET /api/get_contact_requests lists it (rest-contract 8). */
export const ZContactRequest = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

/** Visitors create these through the public form (REST); admins read and delete them on any device. */
export const contactRequestsDecl = defineEntity({
  name: 'contact_requests',
  columns: {
    id: 'text',
    company_id: 'text',
    name: 'text',
    email: 'text',
    subject: 'text',
    message: 'text',
    created_at: 'text',
  },
  writable: [],
  // No device writes one (the policy refuses before any check), so the schema only states the stored row: the
  // visitor's form rules, which the public POST checks before the server inserts it.
  schema: ZContactRequestInput,
  indexes: ['created_at'],
  policy: {
    readScope: (a) => (can(a, 'contactRequests.manage') ? 'all' : 'none'),
    canCreate: () => false,
    canUpdate: () => 'Contact requests cannot be edited.',
    canDelete: (a) => can(a, 'contactRequests.manage'),
  },
});
