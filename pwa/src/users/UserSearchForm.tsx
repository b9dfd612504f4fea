import { useState, type FormEvent } from 'react';
import type { TRole } from '@lawfirm/shared-types';
import { CheckboxField, SelectField, TextField } from '../ui/form.tsx';
import { STATUS_OPTIONS } from './users.api.ts';

export type TUserFilters = {
  name: string;
  email: string;
  role_id: string;
  is_approved: string;
  is_moot_student: boolean;
};

export const EMPTY_FILTERS: TUserFilters = {
  name: '',
  email: '',
  role_id: '',
  is_approved: '2',
  is_moot_student: false,
};

/**
 * The users search form (part 2 §2.6). It keeps its own draft: the list re-queries only on Search or
 * Enter (a native form submit), not on every keystroke.
 */
export function UserSearchForm({
  roles,
  onSearch,
}: {
  roles: TRole[];
  onSearch: (filters: TUserFilters) => void;
}) {
  const [draft, setDraft] = useState<TUserFilters>(EMPTY_FILTERS);
  const set = <K extends keyof TUserFilters>(k: K, v: TUserFilters[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    onSearch(EMPTY_FILTERS);
  };

  return (
    <form
      role="search"
      aria-label="Search users"
      onSubmit={submit}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
        gap: '0 1rem',
        alignItems: 'end',
        marginBottom: '1rem',
      }}
    >
      <TextField label="Name" value={draft.name} onChange={(v) => set('name', v)} />
      <TextField label="Email" inputMode="email" value={draft.email} onChange={(v) => set('email', v)} />
      <SelectField
        label="Role"
        placeholder="--Roles--"
        options={roles.map((r) => ({ value: r.id, label: r.name }))}
        value={draft.role_id}
        onChange={(v) => set('role_id', v)}
      />
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={draft.is_approved}
        onChange={(v) => set('is_approved', v)}
      />
      <CheckboxField
        label="Moot Students Only"
        checked={draft.is_moot_student}
        onChange={(v) => set('is_moot_student', v)}
      />
      <div className="field" style={{ display: 'flex', flexDirection: 'row', gap: '0.5rem' }}>
        <button type="submit" className="btn primary">
          Search
        </button>
        <button type="button" className="btn" onClick={reset}>
          Reset
        </button>
      </div>
    </form>
  );
}
