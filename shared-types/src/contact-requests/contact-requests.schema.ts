import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { email, optionalText, requiredText } from '../common/validation.ts';

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
