import { useState, type FormEvent } from 'react';
import type { Option } from '../../ui/form.tsx';
import { CheckboxField, SelectField, TextField } from '../../ui/form.tsx';
import type { TCaseFilters } from '../filterCases.ts';

/**
 * The Case Files search form. It edits a draft; Search (or Enter in any field, a real form submit) applies
 * it. The parent keys this form by the applied filters, so Reset and Back show what is applied.
 */
export function CaseSearchForm({
  applied,
  courts,
  onSearch,
  onReset,
}: {
  applied: TCaseFilters;
  courts: readonly Option[];
  onSearch: (filters: TCaseFilters) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState<TCaseFilters>(applied);
  const set =
    <K extends keyof TCaseFilters>(key: K) =>
    (value: TCaseFilters[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  return (
    <form className="case-search" role="search" aria-label="Search case files" onSubmit={submit}>
      <TextField label="Case #" value={draft.caseNo} onChange={set('caseNo')} maxLength={50} />
      <TextField
        label="Year"
        value={draft.year}
        onChange={(v) => set('year')(v.replace(/\D/g, '').slice(0, 4))}
        inputMode="numeric"
      />
      <SelectField
        label="Court"
        value={draft.courtId}
        onChange={set('courtId')}
        placeholder="All"
        options={courts}
      />
      <TextField label="Party Name" value={draft.partyName} onChange={set('partyName')} maxLength={191} />
      <TextField label="Pending Tag" value={draft.pendingTag} onChange={set('pendingTag')} maxLength={100} />
      <div className="case-search-checks">
        <CheckboxField label="Pending Cases Only" checked={draft.pendingOnly} onChange={set('pendingOnly')} />
        <CheckboxField label="Moot Cases Only" checked={draft.mootOnly} onChange={set('mootOnly')} />
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
