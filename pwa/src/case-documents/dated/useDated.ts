import { useMemo } from 'react';
import type { TDatedModule } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { useEntityRow, useEntityRows } from '../../sync/hooks.ts';
import { sortByOrder } from '../../ui/rowOrder.ts';
import { sortByDate, type TDatedRow } from './dated.logic.ts';

/** A case file's rows of one dated module, by date (local database: the same offline). */
export function useDatedRows(m: TDatedModule, petitionId: string | undefined): TDatedRow[] | undefined {
  const rows = useEntityRows<TDatedRow>(m.entity, { petition_id: petitionId ?? '' });
  return useMemo(() => rows && sortByDate(m, rows), [m, rows]);
}

export const useDatedRow = (m: TDatedModule, id: string | undefined) => useEntityRow<TDatedRow>(m.entity, id);

type TModuleTypeRow = {
  id: string;
  title: string;
  display_order?: number | null;
  deleted_at?: string | null;
};

/** The module's types in display order (the Type select), and every type's title by id (deleted ones too). */
export function useModuleTypes(m: TDatedModule) {
  const rows = useEntityRows<TModuleTypeRow & { module_id: number }>('module_types', {
    module_id: m.moduleId,
  });
  return useMemo(() => {
    const list = rows ? sortByOrder(rows.filter((t) => !t.deleted_at)) : undefined;
    return { list, titles: new Map((rows ?? []).map((t) => [t.id, t.title])) };
  }, [rows]);
}
