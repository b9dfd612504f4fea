import { MODULE_LABELS } from '@lawfirm/shared-types';
import type { TOption } from '../ui/fields.ts';
import { compareNatural, compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';

/** Rows of the reference lists as the screens read them (the synced fields of sync-server entities). */
export type TTitled = { id: string; title?: unknown };
export type TOrdered = TTitled & { display_order?: unknown };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Alphabetical the way people read lists: case-insensitive, and "Court 2" before "Court 10". */
export const compareTitles = (a: TTitled, b: TTitled): number =>
  compareNatural(text(a.title), text(b.title)) || compareCodes(a.id, b.id);

export const sortByTitle = <T extends TTitled>(rows: readonly T[]): T[] => [...rows].sort(compareTitles);

/** By display order, then title, so rows sharing an order (two devices adding offline) stay stable. */
export const sortByOrderThenTitle = <T extends TOrdered>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => num(a.display_order) - num(b.display_order) || compareTitles(a, b));

/** Case-insensitive "contains", ignoring spaces around the filter. */
export const titleMatches = (row: TTitled, filter: string): boolean =>
  text(row.title).toLowerCase().includes(filter.trim().toLowerCase());

/** The order that puts a new row after every existing one (an empty display order means "last"). */
export const nextDisplayOrder = (rows: readonly TOrdered[]): number =>
  rows.reduce((max, r) => Math.max(max, num(r.display_order) + 1), 0);

/** The four fixed modules of part 2 §9, as select choices (values are the module ids as text). */
export const MODULE_OPTIONS: readonly TOption[] = Object.entries(MODULE_LABELS).map(([value, label]) => ({
  value,
  label,
}));
