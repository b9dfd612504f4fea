import { useMemo } from 'react';
import { caseNumber, caseNameOf } from '@lawfirm/shared-types/case-files/case-title.ts';
import { buildConflictIndex, type TConflictIndex } from '@lawfirm/shared-types/court-day/conflict-check.ts';
import { useAllParties, useLookups, usePetitions, useUsers } from '../case-files/useCaseFiles.ts';

/**
 * The conflict check's index over every case on this device (what the server lets this user read, archived
 * and moot too), from live queries of the device's tables: it works offline, and a case or party pulled from
 * another device is in the next check. Built again only when one of the tables changes; undefined while
 * loading.
 */
export function useConflictIndex(): { index: TConflictIndex; cases: number } | undefined {
  const petitions = usePetitions();
  const parties = useAllParties();
  const users = useUsers();
  const lookups = useLookups();
  return useMemo(() => {
    if (!petitions || !parties || !users || !lookups) return undefined;
    const live = petitions.filter((p) => !p.deleted_at);
    const cases = live.map((p) => ({
      id: p.id,
      // The case's number as the case list and its page show it ("W.P. 1221/2025").
      number: caseNumber(caseNameOf(p, lookups.abbrOf(p.petition_type_id))),
      archived: p.archived,
      moot: p.is_moot_case,
    }));
    const index = buildConflictIndex(
      cases,
      parties.filter((p) => !p.deleted_at),
      users.filter((u) => !u.deleted_at),
    );
    return { index, cases: cases.length };
  }, [petitions, parties, users, lookups]);
}
