import { useMemo } from 'react';
import { can, type TPermission } from '@lawfirm/shared-types';
import { caseTypeOf } from '@lawfirm/shared-types/case-files/case-title.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { readDexie } from '../sync/db-access.ts';
import { useEntityRows, useLiveQuery, useSync, useSyncStatusOf } from '../sync/hooks.ts';
import { useCaseCategories, useCourts } from '../reference-data/useReferenceData.ts';
import type { TOrderSheetRow, TPartyRow, TPetitionRow, TUserRow } from './caseFiles.types.ts';
import { nextHearing, todayIso } from './hearing.logic.ts';
import { loadPetitionPage, petitionPageKey, type TPetitionPage } from './page/petitionPage.data.ts';

/** Every case file on this device (what the server lets this user read); undefined while loading. */
export const usePetitions = () => useEntityRows<TPetitionRow>('petitions');

/** Every party of every case: indexed once by the screens, never queried per card. */
export const useAllParties = () => useEntityRows<TPartyRow>('petition_parties');

export const usePetitionParties = (petitionId: string | undefined) =>
  useEntityRows<TPartyRow>('petition_parties', { petition_id: petitionId ?? '' });

export const useUsers = () => useEntityRows<TUserRow>('users');

/** Role gates of the case screens (part 1 §6); the server enforces the same table. */
export function useCan(permission: TPermission): boolean {
  return can(useAuth().actor, permission);
}

/**
 * The first download is still filling the tables, so an empty answer may only mean "not here yet". A device
 * that never finished a sync and can reach the server is waiting for it; offline (or failing) it is not, and
 * an empty list then truly means nothing is on this device.
 */
export function useFirstSyncRunning(): boolean {
  return useSyncStatusOf(
    (s) => s.firstSync !== null || (s.lastSyncAt === null && s.online && !s.error && !s.paused),
  );
}

export type TLookups = {
  courtOf: (id: string | null) => string;
  abbrOf: (id: string | null) => string | null;
};

/** Court titles and case types (the category's abbreviation, else its title) by id; undefined while loading. */
export function useLookups(): TLookups | undefined {
  const courts = useCourts();
  const categories = useCaseCategories();
  return useMemo(() => {
    if (!courts || !categories) return undefined;
    const court = new Map(courts.map((c) => [c.id, c.title]));
    const abbr = new Map(categories.map((c) => [c.id, caseTypeOf(c)]));
    return {
      courtOf: (id) => (id ? (court.get(id) ?? '') : ''),
      abbrOf: (id) => (id ? (abbr.get(id) ?? null) : null),
    };
  }, [courts, categories]);
}

export type TCaseStats = {
  indexes: number;
  replies: number;
  orderSheets: number;
  /** The order sheet holding the next hearing date, or null. */
  next: TOrderSheetRow | null;
};

const EMPTY_STATS: TCaseStats = { indexes: 0, replies: 0, orderSheets: 0, next: null };

/**
 * Counts and next hearing of the cases on screen, in one live query for all of them (index keys only for
 * the counts, so no document row is read). It follows every change to those tables, so a hearing date set
 * on the card or pulled from another device shows at once.
 */
export function useCaseStats(ids: readonly string[]): Map<string, TCaseStats> | undefined {
  const ctx = useSync();
  const key = ids.join(',');
  const answer = useLiveQuery(async () => {
    if (!ctx) return undefined;
    const list = key ? key.split(',') : [];
    const stats = new Map<string, TCaseStats>(list.map((id) => [id, { ...EMPTY_STATS }]));
    if (!list.length) return { key, stats };
    const keysOf = (entity: string) =>
      ctx.db.rows(entity).where('petition_id').anyOf(list).keys() as Promise<string[]>;
    const [indexKeys, replyKeys, sheets] = await Promise.all([
      keysOf('petition_index'),
      keysOf('reply_parents'),
      ctx.db.rows('order_sheets').where('petition_id').anyOf(list).toArray() as unknown as Promise<
        TOrderSheetRow[]
      >,
    ]);
    for (const k of indexKeys) stats.get(k)!.indexes++;
    for (const k of replyKeys) stats.get(k)!.replies++;
    const today = todayIso();
    const byCase = new Map<string, TOrderSheetRow[]>();
    for (const s of sheets) {
      stats.get(s.petition_id)!.orderSheets++;
      byCase.set(s.petition_id, [...(byCase.get(s.petition_id) ?? []), s]);
    }
    for (const [id, list] of byCase) stats.get(id)!.next = nextHearing(list, today);
    return { key, stats };
  }, [ctx, key]);
  // useLiveQuery keeps answering the previous query until the new one settles: never show the counts (or
  // an 'Add Hearing Date' for a case that has one) of other cases.
  return answer?.key === key ? answer.stats : undefined;
}

/** The case page's data, live; undefined while loading (or while the previous case's answer is stale). */
export function usePetitionPage(id: string): TPetitionPage | undefined {
  const ctx = useSync();
  const { user } = useAuth();
  const page = useLiveQuery(
    async () => (ctx ? loadPetitionPage(readDexie(ctx.db), id) : undefined),
    [ctx, id],
    user ? petitionPageKey(user.id, id) : undefined,
  );
  return page?.id === id ? page : undefined;
}

export const statsOf = (stats: Map<string, TCaseStats> | undefined, id: string): TCaseStats =>
  stats?.get(id) ?? EMPTY_STATS;
