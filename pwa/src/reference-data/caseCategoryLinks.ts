import { compareTitles, titleMatches, type TTitled } from './referenceData.logic.ts';

/** A case_category_courts row: one court a case category belongs to. */
export type TCourtLink = { id: string; case_category_id?: unknown; court_id?: unknown };

export type TLinkChanges = {
  /** Courts to link (a new link row each). */
  addCourtIds: string[];
  /** Link rows to delete: courts no longer chosen, and duplicates of a chosen court. */
  removeLinkIds: string[];
};

/**
 * What to write so a case category's links match the chosen courts. Links that already exist are kept
 * untouched (rewriting them would make needless changes, and conflicts on other devices). Two devices adding
 * the same court offline leave two links; the second is dropped here, so a save also tidies that up.
 */
export function linkChanges(existing: readonly TCourtLink[], chosen: readonly string[]): TLinkChanges {
  const wanted = new Set(chosen);
  const kept = new Set<string>();
  const removeLinkIds: string[] = [];
  for (const link of existing) {
    const court = String(link.court_id);
    if (wanted.has(court) && !kept.has(court)) kept.add(court);
    else removeLinkIds.push(link.id);
  }
  return { addCourtIds: [...wanted].filter((c) => !kept.has(c)), removeLinkIds };
}

/** The case category list filters of part 2 §2.8: title contains, and linked to a court ('' = All). */
export type TCategoryFilter = { title: string; courtId: string };
export const NO_CATEGORY_FILTER: TCategoryFilter = { title: '', courtId: '' };

export function filterCategories<T extends TTitled>(
  categories: readonly T[],
  links: readonly TCourtLink[],
  filter: TCategoryFilter,
): T[] {
  const inCourt = filter.courtId
    ? new Set(links.filter((l) => l.court_id === filter.courtId).map((l) => String(l.case_category_id)))
    : null;
  return categories.filter((c) => titleMatches(c, filter.title) && (!inCourt || inCourt.has(c.id)));
}

/** The titles of a category's courts, alphabetical and each once, for the list's Courts column. */
export function courtTitlesOf(
  categoryId: string,
  links: readonly TCourtLink[],
  courts: readonly TTitled[],
): string {
  const ids = new Set(links.filter((l) => l.case_category_id === categoryId).map((l) => String(l.court_id)));
  return courts
    .filter((c) => ids.has(c.id))
    .sort(compareTitles)
    .map((c) => String(c.title))
    .join(', ');
}
