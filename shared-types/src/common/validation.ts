import { z } from 'zod';
import { MSG } from './messages.ts';
import { optionalBool } from './wire.ts';

/** The answer for text over its column's length. */
export const tooLong = (max: number) => ({ error: `The field may not be greater than ${max} characters.` });
/** A list over its bound, in the original API's words (the server's body-lists.ts uses the same). */
export const tooManyItemsMessage = (label: string, max: number) =>
  `The ${label} may not have more than ${max} items.`;
export const tooMany = (label: string, max: number) => ({ error: tooManyItemsMessage(label, max) });

/** Required trimmed text with the spec's message for an empty value. */
export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, tooLong(max));

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
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

/**
 * Checkbox values arrive as booleans, 0/1, "true"/"false" or "on" from forms; the original client leaves
 * unticked boxes out of the body altogether, so a missing one is false.
 */
export const boolish = optionalBool.transform((v) => v ?? false);

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
