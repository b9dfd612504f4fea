import { useMemo } from 'react';
import { ORDER_SHEETS } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import type { THoliday } from '@lawfirm/shared-types/limitation/limitation-date.ts';
import type { TOrderSheetRow, TPetitionRow } from '../case-files/caseFiles.types.ts';
import { useModuleTypes } from '../case-documents/dated/useDated.ts';
import { useEntityRow, useEntityRows } from '../sync/hooks.ts';

export type TRecordData = {
  petition: TPetitionRow;
  sheets: TOrderSheetRow[];
  outcomes: { value: string; label: string }[];
  holidays: THoliday[];
};

/**
 * What the record form reads, all from the device (offline too): the case, its order sheets, the order-sheet
 * types (the outcomes) and the firm's holidays for the quick picks. Undefined while loading; null when the case
 * is not on this device.
 */
export function useRecordData(petitionId: string): TRecordData | null | undefined {
  const petition = useEntityRow<TPetitionRow>('petitions', petitionId);
  const sheets = useEntityRows<TOrderSheetRow>('order_sheets', { petition_id: petitionId });
  const types = useModuleTypes(ORDER_SHEETS);
  const holidays = useEntityRows('holidays');
  return useMemo(() => {
    if (petition === null) return null;
    if (!petition || !sheets || !types.list || !holidays) return undefined;
    return {
      petition,
      sheets,
      outcomes: types.list.map((t) => ({ value: t.id, label: t.title })),
      holidays: holidays
        .filter((h) => !h.deleted_at && typeof h.date === 'string')
        .map((h) => ({ date: String(h.date), title: typeof h.title === 'string' ? h.title : '' })),
    };
  }, [petition, sheets, types.list, holidays]);
}
