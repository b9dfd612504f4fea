import type { TRowOf, petitionIndexDecl } from '@lawfirm/shared-types';
import { caseTypeOf, type TCaseCategoryName } from '@lawfirm/shared-types/case-files/case-title.ts';
import type { TOutboxEntry } from '../../sync/db.ts';
import type { TRead } from '../../sync/read.ts';
import { sortByOrder } from '../../tables/rowOrder.ts';
import type { TOrderSheetRow, TPartyRow, TPetitionRow, TUserRow } from '../caseFiles.types.ts';
import { nextHearing, todayIso } from '../hearing.logic.ts';

/**
 * Everything the case page (/petitions/:id) shows, as plain data (compared as JSON: no Map or Set). `petition`
 * is null when this device holds no such case.
 */
export type TPetitionPage = {
  id: string;
  petition: TPetitionRow | null;
  parties: TPartyRow[];
  /** The court's title ('' for none). */
  court: string;
  /** The case category's short form (its abbreviation, else its title): see caseTypeOf. */
  abbr: string | null;
  /** Names of the case's lawyers this device holds, by id. */
  lawyers: Record<string, string>;
  /** The order sheet of the next hearing, or null. */
  next: TOrderSheetRow | null;
  /** The petition index in display order (drawn by the page's body slot: the case documents' list). */
  index: TIndexRow[];
  /** Index items with changes the server has not confirmed yet. */
  pendingIndex: string[];
};

/**
 * The key of the case page's query: one user's device, one case. The page keeps it live under this key
 * (useCaseFiles.ts usePetitionPage), and the app's cold start answers it first (app/route-preloads.ts).
 */
export const petitionPageKey = (userId: string, id: string): string => `petition-page:${userId}:${id}`;

/** A petition index item as the device stores it, inferred from its declaration. */
export type TIndexRow = TRowOf<typeof petitionIndexDecl>;

const TABLES = [
  'petitions',
  'petition_parties',
  'petition_index',
  'order_sheets',
  'courts',
  'case_categories',
  'users',
  'outbox',
] as const;

/**
 * The case page's one query: every table it shows read in one transaction, so the page renders once, whole,
 * with no read waiting for another. The app runs it as it starts on a case page (app/route-preloads.ts), with
 * plain IndexedDB, and the page keeps it live through Dexie (useCaseFiles.ts usePetitionPage).
 */
export function loadPetitionPage(read: TRead, id: string): Promise<TPetitionPage> {
  return read(TABLES, async (r) => {
    // What needs only the case's id is asked at once, beside the case itself; what its fields name, after it.
    const rows = Promise.all([
      r.byIndex<TPartyRow>('petition_parties', 'petition_id', id),
      r.byIndex<TIndexRow>('petition_index', 'petition_id', id),
      r.byIndex<TOrderSheetRow>('order_sheets', 'petition_id', id),
      r.byIndex<TOutboxEntry>('outbox', 'status', 'pending'),
    ]);
    rows.catch(() => undefined); // Awaited below; a failed read of the case must not leave it unhandled.
    const petition = (await r.get<TPetitionRow>('petitions', id)) ?? null;
    const [[parties, index, sheets, pending], court, category, lawyers] = await Promise.all([
      rows,
      petition?.court_id ? r.get<{ title?: unknown }>('courts', petition.court_id) : undefined,
      petition?.petition_type_id
        ? r.get<TCaseCategoryName>('case_categories', petition.petition_type_id)
        : undefined,
      Promise.all((petition?.lawyer_ids ?? []).map((u) => r.get<TUserRow>('users', u))),
    ]);
    const indexIds = new Set(index.map((d) => d.id));
    return {
      id,
      petition,
      parties,
      court: typeof court?.title === 'string' ? court.title : '',
      abbr: caseTypeOf(category),
      lawyers: Object.fromEntries(
        lawyers.flatMap((u) => (u && typeof u.name === 'string' ? [[u.id, u.name]] : [])),
      ),
      next: nextHearing(sheets, todayIso()),
      index: sortByOrder(index),
      pendingIndex: [
        ...new Set(
          pending.filter((e) => e.entity === 'petition_index' && indexIds.has(e.rowId)).map((e) => e.rowId),
        ),
      ],
    };
  });
}
