import type { z } from 'zod';
import type { TDraft, TDraftErrors } from '../fields.ts';

/** First message per top-level key of a zod schema for these values (none when they pass). */
export function schemaErrors(schema: z.ZodType, values: unknown): TDraftErrors {
  const r = schema.safeParse(values);
  const out: TDraftErrors = {};
  if (!r.success)
    for (const issue of r.error.issues) {
      const key = String(issue.path[0] ?? '_');
      out[key] ??= issue.message;
    }
  return out;
}

/**
 * A form's `check` from a schema that reads the text as typed (the sign-in and sign-up schemas trim and parse
 * strings themselves), optionally shaped first (`toValues`): their messages are the spec's, unchanged.
 */
export const checkWith =
  (schema: z.ZodType, toValues: (draft: TDraft) => unknown = (d) => d) =>
  (draft: TDraft): TDraftErrors =>
    schemaErrors(schema, toValues(draft));
