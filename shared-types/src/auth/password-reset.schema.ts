import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { password } from '../common/validation.ts';

const resetEmail = z
  .string({ error: MSG.loginEmailRequired })
  .trim()
  .min(1, { error: MSG.loginEmailRequired })
  .max(191, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((v) => v.toLowerCase());

/** POST /password.email (part 2 §2.8, rest-contract #6): the forgot-password form. */
export const ZPasswordEmailInput = z.object({ email: resetEmail });
export type TPasswordEmailInput = z.infer<typeof ZPasswordEmailInput>;

/** POST /api/password/reset: the page the mailed link opens. */
export const ZPasswordResetInput = z
  .object({
    token: z.string({ error: MSG.resetTokenInvalid }).trim().min(1, { error: MSG.resetTokenInvalid }),
    email: resetEmail,
    password: password(),
    password_confirmation: z.string().nullish(),
  })
  // Runs even when a field is missing, so the form shows the mismatch together with the other messages.
  .superRefine(
    (v, ctx) => {
      if (typeof v.password === 'string' && v.password !== (v.password_confirmation ?? ''))
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MSG.passwordMismatch });
    },
    { when: (p) => typeof p.value === 'object' && p.value !== null },
  );
export type TPasswordResetInput = z.infer<typeof ZPasswordResetInput>;
