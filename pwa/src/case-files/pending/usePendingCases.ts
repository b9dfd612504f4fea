import { useMemo } from 'react';
import { pendingCaseRows, type TPendingCase } from '../caseFiles.logic.ts';
import { useLookups, usePetitions } from '../useCaseFiles.ts';

/** The Pending Cases list from the local database; undefined while loading. */
export function usePendingCases(): TPendingCase[] | undefined {
  const petitions = usePetitions();
  const lookups = useLookups();
  return useMemo(
    () => petitions && lookups && pendingCaseRows(petitions, lookups.abbrOf, lookups.courtOf),
    [petitions, lookups],
  );
}
