import { z } from 'zod';
import { courtsDecl, formatDate, parseDisplayDate, petitionsDecl } from '@lawfirm/shared-types';
import { DATE_INVALID, draftOf, withRowRules, type TDraft, type TField } from '../../ui/fields.ts';
import { zodFieldErrors, type FieldErrors } from '../../ui/form.tsx';
import type { TPetitionRow } from '../caseFiles.types.ts';

export const YEAR_INVALID = 'The year is not valid.';

/**
 * The form's declared fields (part 2 §2.1); the court, lawyers and parties are drawn by their own components
 * (CourtField, LawyerField, PartyList) from the same draft. A year is four digits (the form's own rule, its
 * message first); the rest are checked with the petition's row schema, the server's rules and messages.
 */
export const PETITION_FIELDS: TField[] = [
  ...withRowRules(petitionsDecl.schema, [
    { key: 'case_no', label: 'Case No', maxLength: 50 },
    { key: 'title', label: 'Title', maxLength: 500 },
  ]),
  {
    key: 'year',
    label: 'Year',
    maxLength: 4,
    // Anything but four digits stays text, which the rule refuses with the form's message.
    parse: (t) => (/^\d{4}$/.test(t) ? Number(t) : t),
    rule: z.number({ error: YEAR_INVALID }).nullable(),
  },
  { key: 'court_id', label: 'Court', kind: 'autocomplete' },
  { key: 'petition_type_id', label: 'Case Category', kind: 'select' },
  // The chosen lawyers' ids, joined by commas in the draft (ids are UUIDs); see lawyerIdsOf.
  { key: 'lawyer_ids', label: 'Lawyer', kind: 'autocomplete' },
  { key: 'institution_date', label: 'Date of Institution', kind: 'date' },
  { key: 'is_moot_case', label: 'Is Moot Case', kind: 'checkbox' },
];

/** Draft keys that are not stored: the text typed in the Court and Lawyer search boxes. */
export const COURT_TEXT = 'court_text';
export const LAWYER_TEXT = 'lawyer_text';

/** The row rules of the form's own fields, with the spec's messages (petitionsDecl in shared-types). */
export const PETITION_RULES = petitionsDecl.schema.pick({
  case_no: true,
  title: true,
  year: true,
  institution_date: true,
});

export const lawyerIdsOf = (text: unknown): string[] =>
  typeof text === 'string' && text ? text.split(',') : [];

export function petitionDraft(
  p: TPetitionRow | null,
  thisYear: number,
  courts: readonly { id: string; title: string }[],
): TDraft {
  const draft = draftOf(PETITION_FIELDS, p ?? {});
  // Part 1 §9: a new case defaults to the current year.
  if (!p) draft.year = String(thisYear);
  draft.lawyer_ids = (p?.lawyer_ids ?? []).join(',');
  draft[COURT_TEXT] = courts.find((c) => c.id === p?.court_id)?.title ?? '';
  draft[LAWYER_TEXT] = '';
  return draft;
}

/** The stored petition fields of (changed) form values: the lawyers as a list of ids. */
export function petitionRow(values: Record<string, unknown>): Record<string, unknown> {
  return 'lawyer_ids' in values ? { ...values, lawyer_ids: lawyerIdsOf(values.lawyer_ids) } : values;
}

// The older shape of the form's values, kept for the tests that pin its rules (the form uses the declarations).
/** The form's own fields (court, category, lawyers and parties are kept beside them). */
export type TPetitionValues = {
  case_no: string;
  year: string;
  title: string;
  court_id: string;
  petition_type_id: string;
  institution_date: string;
  is_moot_case: boolean;
};

export function initialValues(p: TPetitionRow | null, thisYear: number): TPetitionValues {
  return {
    case_no: p?.case_no ?? '',
    // Part 1 §9: a new case defaults to the current year.
    year: p ? (p.year ? String(p.year) : '') : String(thisYear),
    title: p?.title ?? '',
    court_id: p?.court_id ?? '',
    petition_type_id: p?.petition_type_id ?? '',
    institution_date: formatDate(p?.institution_date),
    is_moot_case: !!p?.is_moot_case,
  };
}

/**
 * The typed text must read as a year and a date (the form's own rules); the values are then checked with the
 * petition's row schema, the server's rules and messages.
 */
export function validatePetition(v: TPetitionValues): FieldErrors {
  const e: FieldErrors = zodFieldErrors(PETITION_RULES, petitionValues(v, []));
  const y = v.year.trim();
  if (y && !/^\d{4}$/.test(y)) e.year = YEAR_INVALID;
  if (v.institution_date.trim() && !parseDisplayDate(v.institution_date)) e.institution_date = DATE_INVALID;
  return e;
}

/** The stored petition fields of a valid form. */
export function petitionValues(v: TPetitionValues, lawyerIds: readonly string[]): Record<string, unknown> {
  return {
    case_no: v.case_no.trim(),
    year: v.year.trim() ? Number(v.year) : null,
    title: v.title.trim(),
    court_id: v.court_id || null,
    petition_type_id: v.petition_type_id || null,
    institution_date: v.institution_date.trim() ? parseDisplayDate(v.institution_date) : null,
    is_moot_case: v.is_moot_case,
    lawyer_ids: [...lawyerIds],
  };
}

/** Only the fields that differ from the saved row (lists compared by content). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return Object.fromEntries(
    Object.entries(after).filter(([k, v]) => {
      // A flag stored as 0/1 by an older copy equals its boolean.
      if (typeof v === 'boolean') return !!before[k] !== v;
      return !same(before[k], v);
    }),
  );
}

/**
 * Case categories offered for a court: those linked to it (plus the saved one, so an edit never loses it). A
 * court linked to none (one a lawyer has just added from this form, offline, or an admin added without
 * categories) offers every category: the device cannot know which it hears, and an empty list would stop the
 * case being filed; an admin who links categories to it narrows the list.
 */
export function categoriesForCourt<T extends { id: string }>(
  categories: readonly T[],
  links: readonly { case_category_id: string; court_id: string }[],
  courtId: string,
  keep: string,
): T[] {
  if (!courtId) return categories.filter((c) => c.id === keep);
  const linked = new Set(links.filter((l) => l.court_id === courtId).map((l) => l.case_category_id));
  if (!linked.size) return [...categories];
  return categories.filter((c) => linked.has(c.id) || c.id === keep);
}

/** A court's title as typed, tidied: no spaces around it, one space between words. */
export const tidyCourtTitle = (text: string): string => text.trim().replace(/\s+/g, ' ');

/**
 * The court the Court field may offer to add for what is typed: its tidied title, or null when nothing is typed,
 * a court of that name already exists (any case), or the courts' own rules refuse it (too long).
 */
export function courtToAdd(text: string, courts: readonly { title: string }[]): string | null {
  const title = tidyCourtTitle(text);
  if (!title || !courtsDecl.schema.safeParse({ title }).success) return null;
  const same = title.toLowerCase();
  return courts.some((c) => tidyCourtTitle(c.title).toLowerCase() === same) ? null : title;
}
