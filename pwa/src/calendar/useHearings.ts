import { useMemo } from 'react';
import { useEntityRows } from '../sync/hooks.ts';
import { useAllParties, useLookups, usePetitions } from '../case-files/useCaseFiles.ts';
import type { TOrderSheetRow } from '../case-files/caseFiles.types.ts';
import { useModuleTypes } from '../reference-data/useReferenceData.ts';
import {
  findCases,
  hearingsByDay,
  type TCaseChoice,
  type THearing,
  type TMeetingRow,
} from './calendar.logic.ts';

/** Every hearing and meeting on this device by day, from the local database (works offline); undefined while loading. */
export function useHearingsByDay(): Map<string, THearing[]> | undefined {
  const sheets = useEntityRows<TOrderSheetRow>('order_sheets');
  const meetings = useEntityRows<TMeetingRow>('calendar_meetings');
  const petitions = usePetitions();
  const lookups = useLookups();
  const types = useModuleTypes();
  return useMemo(() => {
    if (!sheets || !petitions || !lookups || !types) return undefined;
    const type = new Map(types.map((t) => [t.id, t.title]));
    return hearingsByDay(
      sheets,
      petitions,
      { ...lookups, typeOf: (id) => (id ? (type.get(id) ?? null) : null) },
      meetings ?? [],
    );
  }, [sheets, petitions, lookups, types, meetings]);
}

/** The calendar modal's case search over the case files on this device (undefined while loading). */
export function useCaseSearch(): ((text: string) => TCaseChoice[]) | undefined {
  const petitions = usePetitions();
  const parties = useAllParties();
  const lookups = useLookups();
  return useMemo(() => {
    if (!petitions || !parties || !lookups) return undefined;
    const names = new Map<string, string[]>();
    for (const p of parties)
      if (p.side === 'petitioner') {
        const list = names.get(p.petition_id);
        if (list) list.push(p.name);
        else names.set(p.petition_id, [p.name]);
      }
    return (text) => findCases(text, petitions, lookups.abbrOf, (id) => (names.get(id) ?? []).join(', '));
  }, [petitions, parties, lookups]);
}
