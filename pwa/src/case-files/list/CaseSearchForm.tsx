import { useMemo, type FormEvent } from 'react';
import { CHECKED, type TDraft, type TField, type TOption } from '../../ui/fields.ts';
import { Field } from '../../ui/forms/Field.tsx';
import { useFieldForm } from '../../ui/forms/useFieldForm.tsx';
import type { TCaseFilters } from '../filterCases.ts';

const FIELDS = (courts: readonly TOption[]): TField[] => [
  { key: 'caseNo', label: 'Case #', maxLength: 50 },
  { key: 'year', label: 'Year', maxLength: 4 },
  { key: 'courtId', label: 'Court', kind: 'select', placeholder: 'All', options: courts },
  { key: 'partyName', label: 'Party Name', maxLength: 191 },
  { key: 'pendingTag', label: 'Pending Tag', maxLength: 100 },
  { key: 'pendingOnly', label: 'Pending Cases Only', kind: 'checkbox' },
  { key: 'mootOnly', label: 'Moot Cases Only', kind: 'checkbox' },
];

const draftOfFilters = (f: TCaseFilters): TDraft => ({
  caseNo: f.caseNo,
  year: f.year,
  courtId: f.courtId,
  partyName: f.partyName,
  pendingTag: f.pendingTag,
  pendingOnly: f.pendingOnly ? CHECKED : '',
  mootOnly: f.mootOnly ? CHECKED : '',
});

/**
 * The Case Files search form. It edits a draft; Search (or Enter in any field, a real form submit) applies
 * it. The parent keys this form by the applied filters, so Reset and Back show what is applied. A query, not
 * the user's work: leaving never asks (unguarded).
 */
export function CaseSearchForm({
  applied,
  courts,
  onSearch,
  onReset,
}: {
  applied: TCaseFilters;
  courts: readonly TOption[];
  onSearch: (filters: TCaseFilters) => void;
  onReset: () => void;
}) {
  const fields = useMemo(() => FIELDS(courts), [courts]);
  const form = useFieldForm(fields, () => draftOfFilters(applied), { unguarded: true });
  const { draft } = form;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch({
      ...applied,
      caseNo: draft.caseNo ?? '',
      year: draft.year ?? '',
      courtId: draft.courtId ?? '',
      partyName: draft.partyName ?? '',
      pendingTag: draft.pendingTag ?? '',
      pendingOnly: draft.pendingOnly === CHECKED,
      mootOnly: draft.mootOnly === CHECKED,
    });
  };
  return (
    <form className="case-search" role="search" aria-label="Search case files" onSubmit={submit}>
      <Field {...form.bind('caseNo')} />
      <Field
        {...form.bind('year')}
        onChange={(v) => form.set('year', v.replace(/\D/g, '').slice(0, 4))}
        inputMode="numeric"
      />
      <Field {...form.bind('courtId')} />
      <Field {...form.bind('partyName')} />
      <Field {...form.bind('pendingTag')} />
      <div className="case-search-checks">
        <Field {...form.bind('pendingOnly')} />
        <Field {...form.bind('mootOnly')} />
      </div>
      <div className="case-search-buttons">
        <button type="submit" className="btn primary">
          Search
        </button>
        <button type="button" className="btn" onClick={onReset}>
          Reset
        </button>
      </div>
    </form>
  );
}
