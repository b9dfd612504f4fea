import type { TDatedModule } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import type { TPageKind } from '@lawfirm/shared-types/library/page-kinds.ts';

/**
 * The keys of the screens' first queries that the app's cold start answers first (app/route-preloads.ts), apart
 * from the queries' code: the start registers a query under its key at once and loads that code beside the
 * screen's, only on the routes that have one.
 */

/** The case page's query: one user's device, one case (page/usePetitionPage.ts keeps it live). */
export const petitionPageKey = (userId: string, id: string): string => `petition-page:${userId}:${id}`;

/** A dated module's index: one user's device, one module, one case file. */
export const datedIndexKey = (userId: string, m: TDatedModule, petitionId: string): string =>
  `dated-index:${userId}:${m.slug}:${petitionId}`;

/** A library list's first page. */
export const pageListKey = (userId: string, kind: TPageKind): string => `page-list:${userId}:${kind.name}`;
