import { useMemo } from 'react';
import { useEntityRows } from '../sync/hooks.ts';
import { useLookups, usePetitions } from '../case-files/useCaseFiles.ts';
import type { TOrderSheetRow } from '../case-files/caseFiles.types.ts';
import { useModuleTypes } from '../reference-data/useReferenceData.ts';
import { hearingsByDay, type THearing } from './calendar.logic.ts';

/** Every hearing on this device by day, from the local database (works offline); undefined while loading. */
export function useHearingsByDay(): Map<string, THearing[]> | undefined {
  const sheets = useEntityRows<TOrderSheetRow>('order_sheets');
  const petitions = usePetitions();
  const lookups = useLookups();
  const types = useModuleTypes();
  return useMemo(() => {
    if (!sheets || !petitions || !lookups || !types) return undefined;
    const type = new Map(types.map((t) => [t.id, t.title]));
    return hearingsByDay(sheets, petitions, {
      ...lookups,
      typeOf: (id) => (id ? (type.get(id) ?? null) : null),
    });
  }, [sheets, petitions, lookups, types]);
}
