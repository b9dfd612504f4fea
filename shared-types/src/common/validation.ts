import { z } from 'zod';
import { MSG } from './messages.ts';

/** Required trimmed text with the spec's message for an empty value. */
export const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `The field may not be greater than ${max} characters.` });

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, { error: `The field may not be greater than ${max} characters.` })
    .nullish()
    .transform((v) => (v ? v : null));

export const email = (requiredMessage: string = MSG.emailRequired) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(191, { error: MSG.emailInvalid })
    .pipe(z.email({ error: MSG.emailInvalid }))
    .transform((v) => v.toLowerCase());

/** OWASP: at least 8, allow long passphrases, no composition rules. */
export const password = () =>
  z
    .string({ error: MSG.passwordRequired })
    .min(1, { error: MSG.passwordRequired })
    .min(8, { error: MSG.passwordTooShort })
    .max(128, { error: MSG.passwordTooLong });

/** Checkbox values arrive as booleans, 0/1, "true"/"false" or "on" from forms. */
export const boolish = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  // optional: the original client leaves unticked boxes out of the body altogether.
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');

/** Phone mask 9999-9999999 (part 1 §9), optional. */
export const phone = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{7})?$/, { error: 'The phone must look like 0300-1234567.' })
  .nullish()
  .transform((v) => (v ? v : null));

/** CNIC mask 99999-9999999-9 (part 2 §9), optional. */
export const cnic = z
  .string()
  .trim()
  .regex(/^(\d{5}-\d{7}-\d)?$/, { error: 'The CNIC must look like 35202-1234567-1.' })
  .nullish()
  .transform((v) => (v ? v : null));

/** Turns zod issues into the original API's `validation_error: {field: [message]}` shape. */
export function toValidationErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
