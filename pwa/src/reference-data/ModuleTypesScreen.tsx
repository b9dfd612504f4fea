import { useMemo, useState } from 'react';
import { moduleTypesDecl } from '@lawfirm/shared-types';
import { withRowRules } from '../ui/fields.ts';
import { SelectField } from '../ui/form.tsx';
import { RowTable, type TColumn } from '../ui/RowTable.tsx';
import { MODULE_OPTIONS, nextDisplayOrder } from './referenceData.logic.ts';
import { useCanManageReference, useModuleTypes } from './useReferenceData.ts';
import './reference-data.css';

/**
 * Module types (part 2 §2.4): the types of order sheets, naqal forms, talbana and synopsis. The original
 * reloads one second after the module changes; reading the local database, it switches at once.
 */
export function ModuleTypesScreen() {
  const all = useModuleTypes();
  const canEdit = useCanManageReference();
  const [moduleId, setModuleId] = useState(MODULE_OPTIONS[0]?.value ?? '1');
  const shown = useMemo(() => all?.filter((t) => String(t.module_id) === moduleId), [all, moduleId]);
  const columns = useMemo<TColumn[]>(
    () =>
      withRowRules(moduleTypesDecl.schema, [
        {
          key: 'module_id',
          label: 'Module',
          kind: 'select',
          options: MODULE_OPTIONS,
          placeholder: 'Select Module',
          parse: Number,
        },
        { key: 'title', label: 'Title', maxLength: 255 },
        {
          key: 'display_order',
          label: 'Display Order',
          kind: 'number',
          // Left empty, a type goes after the others of its own module.
          whenEmpty: (draft) =>
            nextDisplayOrder((all ?? []).filter((t) => String(t.module_id) === draft.module_id)),
        },
      ]),
    [all],
  );
  return (
    <section className="page">
      <h1>Module Types</h1>
      <div className="list-filters">
        <SelectField label="Module" value={moduleId} onChange={setModuleId} options={MODULE_OPTIONS} />
      </div>
      <RowTable
        entity="module_types"
        columns={columns}
        rows={shown}
        canEdit={canEdit}
        // A type added to another module would vanish from view: show that module instead.
        add={{ onAdded: (v) => setModuleId(String(v.module_id)) }}
      />
    </section>
  );
}
