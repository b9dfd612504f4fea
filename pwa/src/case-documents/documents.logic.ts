import type { TOrdered } from '../tables/rowOrder.ts';

/**
 * Pure rules of the indexed document lists (petition index, replies, reply headings) and their viewers:
 * kept free of React and Dexie so they are tested directly. Their display order is the row table's
 * (ui/rowOrder.ts).
 */

/** The spec's description suggestions for a new petition index item (part 1 §2, Petition index screen). */
export const DESCRIPTION_SUGGESTIONS = [
  'Power of Attorney',
  'Writ Petition along with Affidavit',
  'Application for stay cm',
  'Application for Exemption',
] as const;

/** Clicking a page number scrolls the page this far below the top, clear of sticky bars (part 1 §9). */
export const PAGE_SCROLL_OFFSET = 200;

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

/** How the viewer's sidebar names an annexure: "A" reads "Annexure A"; "Annex-B" or "Annexure C" stay. */
export function annexureLabel(value: string): string {
  const v = value.trim();
  return /^annex/i.test(v) ? v : `Annexure ${v}`;
}
