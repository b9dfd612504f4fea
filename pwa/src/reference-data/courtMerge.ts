/**
 * Merging a near-duplicate court into the one to keep (issue 30): lawyers add courts from the case form,
 * offline, so a firm collects "Sessions Court Lahore" beside "District and Sessions Court, Lahore". The plan is
 * a pure function of the rows on the device, so it is tested without a database; referenceData.actions.ts
 * queues it as ordinary local writes.
 */

export type TMergeLink = { id: string; case_category_id?: unknown; court_id?: unknown };
export type TMergeCaseFile = { id: string; court_id?: string | null | undefined };

export type TCourtMergePlan = {
  /** Case files to move to the kept court. */
  caseFileIds: string[];
  /** Categories to link to the kept court: the merged court's, less those the kept court already has. */
  linkCategoryIds: string[];
};

export function planCourtMerge(input: {
  mergedId: string;
  keptId: string;
  caseFiles: readonly TMergeCaseFile[];
  links: readonly TMergeLink[];
}): TCourtMergePlan {
  const { mergedId, keptId } = input;
  // Merging a court into itself would delete it with every case still in it.
  if (!mergedId || !keptId || mergedId === keptId) throw new Error('Choose another court to keep.');
  const caseFileIds = input.caseFiles.filter((c) => c.court_id === mergedId).map((c) => c.id);
  const kept = new Set(
    input.links.filter((l) => l.court_id === keptId).map((l) => String(l.case_category_id)),
  );
  const linkCategoryIds: string[] = [];
  for (const l of input.links) {
    // A category linked to both courts keeps its one link to the kept court: no duplicate in its court list.
    if (l.court_id !== mergedId || kept.has(String(l.case_category_id))) continue;
    const category = String(l.case_category_id);
    kept.add(category);
    linkCategoryIds.push(category);
  }
  return { caseFileIds, linkCategoryIds };
}

/** The confirmation, naming what moves and what goes. */
export function mergeQuestion(count: number, merged: string, kept: string): string {
  const files = count === 1 ? '1 case file' : `${count} case files`;
  return `Move ${files} from '${merged}' to '${kept}' and delete '${merged}'?`;
}
