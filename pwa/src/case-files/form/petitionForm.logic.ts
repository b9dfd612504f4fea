import { courtsDecl, formatDate, parseDisplayDate, petitionsDecl } from '@lawfirm/shared-types';
import { DATE_INVALID } from '../../ui/fields.ts';
import { zodFieldErrors, type FieldErrors } from '../../ui/form.tsx';
import type { TPetitionRow } from '../caseFiles.types.ts';

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

export const YEAR_INVALID = 'The year is not valid.';

/** The row rules of the form's own fields, with the spec's messages (petitionsDecl in shared-types). */
const PETITION_RULES = petitionsDecl.schema.pick({
  case_no: true,
  title: true,
  year: true,
  institution_date: true,
});

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
