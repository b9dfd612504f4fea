import { useMemo } from 'react';
import { can } from '@lawfirm/shared-types';
import { limitationCasesDecl } from '@lawfirm/shared-types/limitation/limitation.entities.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useEntityRows } from '../sync/hooks.ts';
import { withRowRules } from '../ui/fields.ts';
import { nextDisplayOrder } from '../tables/rowOrder.ts';
import { RowTable, type TColumn } from '../ui/RowTable.tsx';
import type { TToolsRow } from './usePublicTools.ts';

/**
 * The calculator's case kinds (part 3 §2.15, /limitation-calculator-index): Title and Display Order edited in
 * the row (Edit, Update, Cancel, Delete) and an add row, on the device's database.
 */
export function LimitationCasesScreen() {
  const rows = useEntityRows<TToolsRow & { display_order: number }>('limitation_cases');
  const canEdit = can(useAuth().actor, 'referenceData.manage');
  const sorted = useMemo(() => rows && [...rows].sort((a, b) => a.display_order - b.display_order), [rows]);
  const columns = useMemo<TColumn[]>(
    () =>
      withRowRules(limitationCasesDecl.schema, [
        { key: 'title', label: 'Title', maxLength: 255 },
        {
          key: 'display_order',
          label: 'Display Order',
          kind: 'number',
          whenEmpty: () => nextDisplayOrder(rows ?? []),
        },
      ]),
    [rows],
  );
  return (
    <section className="page">
      <h1>Limitation Calculator Cases</h1>
      <RowTable entity="limitation_cases" columns={columns} rows={sorted} canEdit={canEdit} add />
    </section>
  );
}
