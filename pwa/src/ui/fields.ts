import type { z } from 'zod';
import {
  formatDate,
  MSG_AMOUNT_INVALID,
  MSG_DATE_INVALID,
  paisaToDecimal,
  parseDisplayDate,
  parseRupees,
} from '@lawfirm/shared-types';
import { formatPkPhone, pkPhoneError } from '@lawfirm/shared-types/common/phone.ts';

/**
 * The one description of an editable field, shared by the forms (ui/form.tsx) and the cells of the row table
 * (ui/RowTable.tsx): what control it is, how a stored value reads in it, how typed text is checked and what is
 * stored. Pure, so it is tested alone; FieldControl.tsx renders it.
 */

export type TOption = { value: string; label: string };

/**
 * 'date' is typed dd/mm/yyyy and stored YYYY-MM-DD (DESIGN §4); 'number' is a whole number of 0 or more;
 * 'money' is rupees typed as "1234.50" and stored as whole paisa; 'phone' a Pakistani number, shown as it
 * prints (042-37654321) once left; 'cnic' 99999-9999999-9; 'checkbox' is drafted '1' or '' and stored as a
 * boolean; 'select' stores the chosen option's value; 'autocomplete' is text with a list of choices under it
 * (the one Combobox). Without a kind a field is one line of text.
 */
export type TFieldKind =
  | 'text'
  | 'textarea'
  | 'date'
  | 'select'
  | 'number'
  | 'money'
  | 'phone'
  | 'cnic'
  | 'checkbox'
  | 'autocomplete';

/** What the renderer needs to draw a field's control. */
export type TControl = {
  kind?: TFieldKind;
  /** Choices of a select; a row in view mode shows the chosen option's label. */
  options?: readonly TOption[];
  /** A select's empty first choice; a text input's placeholder. */
  placeholder?: string;
  /** '9' a digit, anything else a literal (PHONE_MASK, CNIC_MASK, DATE_MASK). */
  mask?: string;
  maxLength?: number;
  /** Offered while typing, filtered by prefix (the description of a new index item). */
  suggestions?: readonly string[];
  /** The largest number a 'number' field takes. */
  max?: number;
};

export type TField = TControl & {
  /** The record's property the field edits. */
  key: string;
  label: string;
  /** The message shown when the field is left empty (the field is optional without it). */
  required?: string;
  /** Turns the typed text into the stored value (e.g. Number for a select of numeric ids). */
  parse?: (text: string) => unknown;
  /** The value stored for an empty optional field (e.g. "after the last one" for a display order). */
  whenEmpty?: (draft: TDraft) => unknown;
  /** The row schema's rule for the column (see withRowRules): the stored value is checked with its messages. */
  rule?: z.ZodType;
  /** The spec's message for a value of the wrong form (a bad date, amount, number or phone). */
  invalid?: string;
  /**
   * The field is editable and checked only while this holds for the draft (e.g. the invoice's client fields
   * only with "Edit client" ticked); otherwise it is read-only and its value is stored as it is.
   */
  when?: (draft: TDraft) => boolean;
};

/** Whether the field may be typed in now (see TField.when). */
export const isOpen = (field: TField, draft: TDraft): boolean => !field.when || field.when(draft);

/**
 * Fields of an entity's row, checked with its declared row schema (shared-types, `xDecl.schema`): each field
 * the schema knows gets its rule, and a rule that refuses an empty value makes the field required with the
 * schema's own message.
 */
export function withRowRules<F extends TField>(schema: z.ZodObject, fields: readonly F[]): F[] {
  return fields.map((f) => {
    const rule = schema.shape[f.key];
    if (!rule) return f;
    const empty = rule.safeParse(null);
    return {
      ...f,
      rule,
      required: f.required ?? (empty.success ? undefined : empty.error.issues[0]?.message),
    };
  });
}

/** What the user is typing, field by field. */
export type TDraft = Record<string, string>;
export type TDraftErrors = Record<string, string | undefined>;

export const PHONE_MASK = '9999-9999999';
export const CNIC_MASK = '99999-9999999-9';
/** The drafted text of a ticked checkbox (an unticked one is ''). */
export const CHECKED = '1';
export const DATE_MASK = '99/99/9999';

/**
 * Formats typed text to a mask where '9' is a digit and anything else is a literal. A literal is added only
 * once a digit follows it, so deleting back over a dash works naturally.
 */
export function applyMask(value: string, mask: string): string {
  const digits = value.replace(/\D/g, '');
  let out = '';
  let d = 0;
  for (const m of mask) {
    if (d >= digits.length) break;
    if (m === '9') out += digits[d++];
    else out += m;
  }
  return out;
}

/** The server's own text for a date it cannot read (case-files.entities.ts in shared-types). */
export const DATE_INVALID = MSG_DATE_INVALID;

/** A stored value as the text of its input ('' for null and for anything not plain text or a number). */
export function fieldText(field: TControl, value: unknown): string {
  if (field.kind === 'date') return typeof value === 'string' ? formatDate(value) : '';
  if (field.kind === 'checkbox') return value ? CHECKED : '';
  if (field.kind === 'money') return typeof value === 'number' ? paisaToDecimal(value) : '';
  if (field.kind === 'phone') return typeof value === 'string' ? formatPkPhone(value) : '';
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
}

/** A stored value as a row shows it when not editing: a select shows its option's label. */
export function displayText(field: TControl, value: unknown): string {
  const text = fieldText(field, value);
  if (field.kind === 'select') return field.options?.find((o) => o.value === text)?.label ?? text;
  return text;
}

export const draftOf = (fields: readonly TField[], row: Record<string, unknown>): TDraft =>
  Object.fromEntries(fields.map((f) => [f.key, fieldText(f, row[f.key])]));

export const emptyDraft = (fields: readonly TField[]): TDraft =>
  Object.fromEntries(fields.map((f) => [f.key, '']));

/** The message for one field's text, or undefined when it may be saved. */
export function fieldError(field: TField, text: string, draft: TDraft = {}): string | undefined {
  if (!isOpen(field, draft)) return undefined;
  const t = text.trim();
  if (!t && field.required) return field.required;
  if (t && field.kind === 'date' && !parseDisplayDate(t)) return field.invalid ?? DATE_INVALID;
  if (t && field.kind === 'money' && parseRupees(t) === null) return field.invalid ?? MSG_AMOUNT_INVALID;
  if (t && field.kind === 'phone' && pkPhoneError(t)) return field.invalid ?? pkPhoneError(t) ?? undefined;
  // The server takes whole numbers from 0 up to a million (the declarations' `order`).
  if (t && field.kind === 'number' && (!/^\d{1,7}$/.test(t) || Number(t) > (field.max ?? Infinity)))
    return field.invalid ?? `The ${field.label.toLowerCase()} must be a whole number of 0 or more.`;
  if (field.maxLength && t.length > field.maxLength)
    return `The field may not be greater than ${field.maxLength} characters.`;
  const checked = field.rule?.safeParse(valueOf(field, draft, t));
  return checked && !checked.success ? checked.error.issues[0]?.message : undefined;
}

/** Messages per field; empty when the draft may be saved. */
export function validateDraft(fields: readonly TField[], draft: TDraft): TDraftErrors {
  const out: TDraftErrors = {};
  for (const f of fields) {
    const e = fieldError(f, draft[f.key] ?? '', draft);
    if (e) out[f.key] = e;
  }
  return out;
}

export const hasErrors = (errors: TDraftErrors): boolean => Object.values(errors).some(Boolean);

/**
 * Rules beyond each field's own: a zod schema of the stored values (the entity's row schema, whose messages are
 * the spec's), and checks across fields (the client chosen, the title needed unless a case was picked).
 */
export type TFormRules = {
  schema?: z.ZodType | undefined;
  check?: ((draft: TDraft) => TDraftErrors) | undefined;
};

/**
 * The one validation path of every form, dialog and row editor: each field's rules (required, its kind's form,
 * its row-schema rule), then the schema on the values a save would store (a field already wrong keeps its own
 * message), then the checks across fields. The first message per field wins.
 */
export function draftErrors(fields: readonly TField[], draft: TDraft, rules: TFormRules = {}): TDraftErrors {
  const out = validateDraft(fields, draft);
  if (rules.schema) {
    const r = rules.schema.safeParse(valuesOf(fields, draft));
    if (!r.success)
      for (const issue of r.error.issues) {
        const key = String(issue.path[0] ?? '_');
        out[key] ??= issue.message;
      }
  }
  for (const [k, m] of Object.entries(rules.check?.(draft) ?? {})) if (m) out[k] ??= m;
  return out;
}

/** A draft as it is saved: its messages when a field is wrong, else the values to store. */
export function readDraft(
  fields: readonly TField[],
  draft: TDraft,
  rules: TFormRules = {},
): { errors: TDraftErrors; values?: never } | { errors?: never; values: Record<string, unknown> } {
  const errors = draftErrors(fields, draft, rules);
  return hasErrors(errors) ? { errors } : { values: valuesOf(fields, draft) };
}

/** Whether any text of the draft differs from the one the form opened with (what the discard guard asks about). */
export const isDirty = (first: TDraft, draft: TDraft): boolean =>
  Object.keys({ ...first, ...draft }).some((k) => (first[k] ?? '') !== (draft[k] ?? ''));

/** The stored value of one field's trimmed text: an ISO date, a number, or its default or null when empty. */
function valueOf(f: TField, draft: TDraft, t: string): unknown {
  if (f.kind === 'checkbox') return t === CHECKED;
  if (!t) return f.whenEmpty ? f.whenEmpty(draft) : null;
  if (f.parse) return f.parse(t);
  if (f.kind === 'number') return Number(t);
  if (f.kind === 'date') return parseDisplayDate(t);
  if (f.kind === 'money') return parseRupees(t);
  return t;
}

/** The stored values of a valid draft: trimmed text, ISO dates, numbers; an empty field is its default or null. */
export const valuesOf = (fields: readonly TField[], draft: TDraft): Record<string, unknown> =>
  Object.fromEntries(fields.map((f) => [f.key, valueOf(f, draft, (draft[f.key] ?? '').trim())]));

/**
 * Only the fields the user changed: an edit sends just those (with the versions seen when editing began),
 * so someone else's change to another field of the row merges instead of becoming a conflict.
 */
export function changedValues(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(after).filter(([k, v]) => (before[k] ?? null) !== v));
}

/** The pause after typing before suggestions are filtered (part 1 §9). */
export const SUGGESTION_DELAY_MS = 250;

/**
 * Suggestions starting with the typed text, case-insensitively. Nothing is offered for an empty field, nor
 * when the text already is the one suggestion that matches (the list would only cover the next field).
 */
export function filterSuggestions(text: string, options: readonly string[]): string[] {
  const typed = text.trim().toLowerCase();
  if (!typed) return [];
  const matches = options.filter((o) => o.toLowerCase().startsWith(typed));
  if (matches.length === 1 && matches[0]?.toLowerCase() === typed) return [];
  return matches;
}
