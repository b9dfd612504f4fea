import type { TRowForm } from '../ui/useRowEditor.ts';
import { formatDate, parseDisplayDate } from '@lawfirm/shared-types';

/**
 * The editable fields of the ordered tables (index items, replies, reply headings, attachments): how a
 * stored value reads in an input, how typed text is checked and what is stored. Pure, so it is tested alone.
 */

export type TFieldKind = 'text' | 'date' | 'number';

export type TField = {
  key: string;
  label: string;
  /** 'date' is typed dd/mm/yyyy and stored YYYY-MM-DD (DESIGN §4); 'number' is a whole number ≥ 0. */
  kind?: TFieldKind;
  /** The message shown when the field is left empty (the field is optional without it). */
  required?: string;
  maxLength?: number;
  /** Offered while typing, filtered by prefix (the description of a new index item). */
  suggestions?: readonly string[];
};

/** What the user is typing, field by field. */
export type TDraft = Record<string, string>;
export type TDraftErrors = Record<string, string | undefined>;

/** The server's own text for a date it cannot read (sync-server case-files.entities.ts). */
export const DATE_INVALID = 'The date must be a real date (dd/mm/yyyy).';

/** A stored value as the text of its input. */
export function fieldText(field: TField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'date') return typeof value === 'string' ? formatDate(value) : '';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export const draftOf = (fields: readonly TField[], row: Record<string, unknown>): TDraft =>
  Object.fromEntries(fields.map((f) => [f.key, fieldText(f, row[f.key])]));

export const emptyDraft = (fields: readonly TField[]): TDraft =>
  Object.fromEntries(fields.map((f) => [f.key, '']));

/** The message for one field's text, or undefined when it may be saved. */
export function fieldError(field: TField, text: string): string | undefined {
  const t = text.trim();
  if (!t) return field.required;
  if (field.kind === 'date' && !parseDisplayDate(t)) return DATE_INVALID;
  // The server takes whole numbers from 0 up to a million (case-files.entities.ts `order`).
  if (field.kind === 'number' && !/^\d{1,7}$/.test(t))
    return `The ${field.label.toLowerCase()} must be a whole number of 0 or more.`;
  if (field.maxLength && t.length > field.maxLength)
    return `The field may not be greater than ${field.maxLength} characters.`;
  return undefined;
}

/** Messages per field; empty when the draft may be saved. */
export function validateDraft(fields: readonly TField[], draft: TDraft): TDraftErrors {
  const out: TDraftErrors = {};
  for (const f of fields) {
    const e = fieldError(f, draft[f.key] ?? '');
    if (e) out[f.key] = e;
  }
  return out;
}

export const hasErrors = (errors: TDraftErrors): boolean => Object.values(errors).some(Boolean);

/** The stored values of a valid draft: trimmed text, ISO dates, numbers; an empty field is null (0 for numbers). */
export function valuesOf(fields: readonly TField[], draft: TDraft): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const t = (draft[f.key] ?? '').trim();
      if (f.kind === 'number') return [f.key, t ? Number(t) : 0];
      if (!t) return [f.key, null];
      if (f.kind === 'date') return [f.key, parseDisplayDate(t)];
      return [f.key, t];
    }),
  );
}

/** The row-editor form of a field list (see ui/useRowEditor.ts). */
export const fieldForm = (fields: readonly TField[]): TRowForm => ({
  draftOf: (row) => draftOf(fields, row),
  validate: (draft) => validateDraft(fields, draft),
  valuesOf: (draft) => valuesOf(fields, draft),
});
