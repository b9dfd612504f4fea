import { useMemo } from 'react';
import { moduleTypesDecl } from '@lawfirm/shared-types';
import { withRowRules, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { RowTable, type TColumn } from '../ui/RowTable.tsx';
import { MODULE_OPTIONS, nextDisplayOrder } from './referenceData.logic.ts';
import { useCanManageReference, useModuleTypes } from './useReferenceData.ts';
import './reference-data.css';

/** Which module's types are shown: a query, not the user's work, so leaving never asks. */
const FILTER: TField[] = [{ key: 'module_id', label: 'Module', kind: 'select', options: MODULE_OPTIONS }];

/**
 * Module types (part 2 §2.4): the types of order sheets, naqal forms, talbana and synopsis. The original
 * reloads one second after the module changes; reading the local database, it switches at once.
 */
export function ModuleTypesScreen() {
  const all = useModuleTypes();
  const canEdit = useCanManageReference();
  const form = useFieldForm(FILTER, { module_id: MODULE_OPTIONS[0]?.value ?? '1' }, { unguarded: true });
  const moduleId = form.draft.module_id ?? '';
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
        <Field {...form.bind('module_id')} />
      </div>
      <RowTable
        entity="module_types"
        columns={columns}
        rows={shown}
        canEdit={canEdit}
        // A type added to another module would vanish from view: show that module instead.
        add={{ onAdded: (v) => form.set('module_id', String(v.module_id)) }}
      />
    </section>
  );
}
