/**
 * Pure rules of the indexed document lists (petition index, replies, reply headings) and their viewers:
 * kept free of React and Dexie so they are tested directly.
 */

/** The spec's description suggestions for a new petition index item (part 1 §2, Petition index screen). */
export const DESCRIPTION_SUGGESTIONS = [
  'Power of Attorney',
  'Writ Petition along with Affidavit',
  'Application for stay cm',
  'Application for Exemption',
] as const;

/** The pause after typing before the suggestions are filtered (part 1 §9). */
export const SUGGESTION_DELAY_MS = 250;

/** Clicking a page number scrolls the page this far below the top, clear of sticky bars (part 1 §9). */
export const PAGE_SCROLL_OFFSET = 200;

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

export type TOrdered = { id: string; display_order?: unknown };

const orderOf = (r: TOrdered): number =>
  typeof r.display_order === 'number' && Number.isFinite(r.display_order) ? r.display_order : 0;

/**
 * Display order, then id. Ids are UUIDv7 (time-ordered), so rows that share an order (rows made by the REST
 * API default to 0, or two devices adding offline at once) keep the order they were created in, on every
 * device alike.
 */
export function sortByOrder<T extends TOrdered>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => orderOf(a) - orderOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The display order of a row added after all the others. */
export function nextDisplayOrder(rows: readonly TOrdered[]): number {
  return rows.reduce((max, r) => Math.max(max, orderOf(r)), 0) + 1;
}

/** The list with the item at `from` taken out and put back at `to` (indexes of the original list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

export type TOrderChange = { id: string; display_order: number };

/**
 * The writes that store a move: the rows are numbered 1..n in their new order and only rows whose number
 * changed are written. Writing just those keeps a reorder on one device from conflicting with an edit of an
 * untouched row on another, and rows that shared an order (see sortByOrder) get distinct ones.
 */
export function reorderChanges(sorted: readonly TOrdered[], from: number, to: number): TOrderChange[] {
  if (from === to) return [];
  return moveItem(sorted, from, to).flatMap((r, i) =>
    orderOf(r) === i + 1 ? [] : [{ id: r.id, display_order: i + 1 }],
  );
}

/** The previous and next record of a list in display order (the viewer's arrows); null at either end. */
export function neighbours(
  sorted: readonly TOrdered[],
  id: string,
): { previous: string | null; next: string | null } {
  const i = sorted.findIndex((r) => r.id === id);
  if (i < 0) return { previous: null, next: null };
  return { previous: sorted[i - 1]?.id ?? null, next: sorted[i + 1]?.id ?? null };
}

/** An attachment's default title: its file name without the extension ("Scan 1.jpg" -> "Scan 1"). */
export function titleFromFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const title = (dot > 0 ? base.slice(0, dot) : base).trim();
  return (title || base || 'file').slice(0, 255);
}

/** Is this attachment shown inline as a page (png, jpeg) rather than as a link? */
export const isImageMime = (mime: unknown): boolean => mime === 'image/png' || mime === 'image/jpeg';

/** How the viewer's sidebar names an annexure: "A" reads "Annexure A"; "Annex-B" or "Annexure C" stay. */
export function annexureLabel(value: string): string {
  const v = value.trim();
  return /^annex/i.test(v) ? v : `Annexure ${v}`;
}
