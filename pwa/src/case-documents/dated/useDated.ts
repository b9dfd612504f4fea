import { useMemo } from 'react';
import type { TDatedModule } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { readDexie } from '../../sync/db-access.ts';
import { useEntityRow, useEntityRows, useLiveQuery, useSync } from '../../sync/hooks.ts';
import { sortByOrder } from '../../tables/rowOrder.ts';
import { sortByDate, type TDatedRow } from './dated.logic.ts';
import { datedIndexKey, loadDatedIndex, type TDatedIndex, type TModuleTypeRow } from './datedIndex.data.ts';

/** A case file's rows of one dated module, by date (local database: the same offline). */
export function useDatedRows(m: TDatedModule, petitionId: string | undefined): TDatedRow[] | undefined {
  const rows = useEntityRows<TDatedRow>(m.entity, { petition_id: petitionId ?? '' });
  return useMemo(() => rows && sortByDate(m, rows), [m, rows]);
}

export const useDatedRow = (m: TDatedModule, id: string | undefined) => useEntityRow<TDatedRow>(m.entity, id);

/** The module's types in display order (the Type select), and every type's title by id (deleted ones too). */
export const typesOf = (rows: readonly TModuleTypeRow[] | undefined) => ({
  list: rows ? sortByOrder(rows.filter((t) => !t.deleted_at)) : undefined,
  titles: new Map((rows ?? []).map((t) => [t.id, t.title])),
});

export function useModuleTypes(m: TDatedModule) {
  const rows = useEntityRows<TModuleTypeRow & { module_id: number }>('module_types', {
    module_id: m.moduleId,
  });
  return useMemo(() => typesOf(rows), [rows]);
}

/**
 * The index screen's one live query (datedIndex.data.ts): answered at once on a cold start by the query the app
 * started as it booted, then kept live through Dexie. Undefined while loading or for another case file.
 */
export function useDatedIndex(m: TDatedModule, petitionId: string): TDatedIndex | undefined {
  const ctx = useSync();
  const { user } = useAuth();
  const page = useLiveQuery(
    async () => (ctx ? loadDatedIndex(readDexie(ctx.db), m, petitionId) : undefined),
    [ctx, m, petitionId],
    user ? datedIndexKey(user.id, m, petitionId) : undefined,
  );
  return page?.petitionId === petitionId && page.slug === m.slug ? page : undefined;
}
