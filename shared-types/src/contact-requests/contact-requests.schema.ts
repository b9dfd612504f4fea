import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { email, optionalText, requiredText } from '../common/validation.ts';
import { defineEntity } from '../sync/entity.ts';

/** POST /api/contact_requests (part 1 §5): subject optional. */
export const ZContactRequestInput = z.object({
  name: requiredText(MSG.nameRequired, 191),
  email: email(),
  subject: optionalText(255),
  message: requiredText(MSG.messageRequired, 5000),
});
export type TContactRequestInput = z.infer<typeof ZContactRequestInput>;
export type TContactRequest = {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  created_at: string;
};

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
  schema: z.object({}),
  indexes: ['created_at'],
});
