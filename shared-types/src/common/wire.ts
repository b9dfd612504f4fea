import { z } from 'zod';
import { instantToPakistanDate, parseDisplayDate } from './dates.ts';
import { MSG_AMOUNT_INVALID, parseRupees } from './money.ts';
import { MSG_DATE_INVALID } from './messages.ts';

/**
 * Decoders of the original client's encodings (rest-contract "Conventions"): ids and numbers as text or as
 * numbers, '' for "none", checkboxes as 0/1/"on", whole list rows sent back with fields we ignore. A REST wire
 * parser decodes with these and then validates the decoded value with the entity's row schema, so the rules on
 * a value (required, lengths, ranges) and their messages live in one place; a decoder refuses only what it
 * cannot decode.
 */

/**
 * Decodes with `decoder`, then checks the decoded value with a row schema (a field of an entity's declaration),
 * which gives the message. zod's own pipe wants the row schema to take exactly what the decoder yields; a row
 * field takes more (undefined) or less (a required field refuses the decoder's null, with its message).
 */
export function decodeWith<D extends z.ZodType, R extends z.ZodType>(decoder: D, row: R): z.ZodPipe<D, R> {
  return z.pipe(decoder, row as unknown as z.ZodType<unknown, z.output<D>>) as unknown as z.ZodPipe<D, R>;
}

/** A field left out of the body is none (null), like one the form left empty. */
export const orNull = <T extends z.ZodType>(field: T) => field.transform((v) => v ?? null);

/**
 * What the original client sends for "no id": '' (its forms start ids empty), and the text "null" or
 * "undefined" (a FormData field, or a value concatenated into text, of a field it never filled). No id of ours
 * is any of these, so they always mean none.
 */
const NO_ID = new Set(['', 'null', 'undefined']);
const idOrNone = (v: string | number | null | undefined): string | null => {
  const text = v === null || v === undefined ? '' : String(v).trim();
  return NO_ID.has(text) ? null : text;
};

/** An id: a non-empty string (numbers are accepted and turned into text); '', "null", "undefined" and null mean none. */
export const optionalId = z.union([z.string(), z.number(), z.null()]).optional().transform(idOrNone);

/** optionalId, refusing a value of the wrong kind (an object, a list) with `message`. */
export const optionalIdOr = (message: string) =>
  z.union([z.string(), z.number(), z.null()], { error: message }).optional().transform(idOrNone);

export const requiredId = (message: string) =>
  optionalId.transform((v, ctx) => {
    if (!v) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  });

/** Free text that a form may send as a number (annexure "3", case no 12), trimmed; '' and null mean none. */
export const wireText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null));

export const MSG_ORDER_INVALID = 'The display order must be a whole number of 0 or more.';

/** A display order as text or a number; '' and null mean "leave it / put it last". */
export const wireOrder = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: MSG_ORDER_INVALID });
      return z.NEVER;
    }
    return n;
  });

/** A display order as the row schema `row` checks it, or null: "leave it where it is / put it last". */
export const wireDisplayOrder = (row: z.ZodType<number, unknown>) => decodeWith(wireOrder, row.nullable());

/** A checkbox (true, 1, "1", "true", "on"); absent stays absent (an update that does not send it keeps it). */
export const optionalBool = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .optional()
  .transform((v) =>
    v === undefined ? undefined : v === true || v === 1 || v === '1' || v === 'true' || v === 'on',
  );

/** A query string filter: text, or absent when empty (a repeated or nested parameter counts as absent). */
export const queryText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined));

/** A query string flag ("true", "1", "on"). */
export const queryBool = z
  .unknown()
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === true || v === 'on');

/** Past any real list: a larger page number is a mistake or a probe, never a page to read. */
export const MAX_PAGE = 1_000_000;
export const MSG_PAGE_INVALID = 'The page number is not valid.';

/**
 * A list's `?page=`: text that is no page (absent, "abc", 0, 2.5) is page 1, as the original API reads it;
 * a number beyond MAX_PAGE (1e300, 99999999999999999999, Infinity) is refused rather than sent to the database.
 */
export const queryPage = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    const n = typeof v === 'string' && v.trim() ? Number(v) : NaN;
    if (Math.abs(n) > MAX_PAGE) {
      ctx.addIssue({ code: 'custom', message: MSG_PAGE_INVALID });
      return z.NEVER;
    }
    return Number.isInteger(n) && n >= 1 ? n : 1;
  });

/** A date as the original client sends it (dd/mm/yyyy, ISO date or a JavaScript Date's instant): ISO, '' none, or undefined when invalid. */
export function dateInput(v: unknown): string | null | undefined {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t))
    return parseDisplayDate(`${t.slice(8)}/${t.slice(5, 7)}/${t.slice(0, 4)}`) ?? undefined;
  return parseDisplayDate(t) ?? instantToPakistanDate(t) ?? undefined;
}

/** A checkbox as the old forms send it: true, 1 or "1" (some also "true": `alsoTrue`); anything else is false. */
export const wireChecked = (...alsoTrue: unknown[]) =>
  z
    .unknown()
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || alsoTrue.includes(v));

/** An amount in rupees as paisa ("1,000.50" is refused: the forms send plain numbers); unless `required`, none or '' is 0. */
export const wireRupees = (required: boolean) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const paisa = !required && (v === undefined || v === '') ? 0 : parseRupees(v);
      if (paisa === null) {
        ctx.addIssue({ code: 'custom', message: MSG_AMOUNT_INVALID });
        return z.NEVER;
      }
      return paisa;
    });

/** A date (dateInput's encodings) as ISO; '' or none is null, or refused with `missing` when given. */
export const wireDateOf = (missing?: string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const date = dateInput(v);
      if (date === undefined || (date === null && missing)) {
        ctx.addIssue({ code: 'custom', message: date === null ? missing! : MSG_DATE_INVALID });
        return z.NEVER;
      }
      return date;
    });

/** A number a form may send as text; none or '' leaves it unset (the row keeps or defaults it). */
export const wireNumber = z
  .unknown()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : Number(v)));

/** A list the old client may leave out or send as something else (then no lines), each line read by `line`. */
export const wireList = <T extends z.ZodType>(line: T) =>
  z
    .unknown()
    .optional()
    .transform((v) => (Array.isArray(v) ? v : []))
    .pipe(z.array(line));
