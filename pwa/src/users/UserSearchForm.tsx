import type { FormEvent } from 'react';
import type { TRole } from '@lawfirm/shared-types';
import { CHECKED, type TDraft, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
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

const ROLE_FIELD: TField = { key: 'role_id', label: 'Role', kind: 'select', placeholder: '--Roles--' };
const FIELDS: TField[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  ROLE_FIELD,
  { key: 'is_approved', label: 'Status', kind: 'select', options: STATUS_OPTIONS },
  { key: 'is_moot_student', label: 'Moot Students Only', kind: 'checkbox' },
];

const EMPTY_DRAFT: TDraft = { ...EMPTY_FILTERS, is_moot_student: '' };
const filtersOf = (d: TDraft): TUserFilters => ({
  name: d.name ?? '',
  email: d.email ?? '',
  role_id: d.role_id ?? '',
  is_approved: d.is_approved ?? '',
  is_moot_student: d.is_moot_student === CHECKED,
});

/**
 * The users search form (part 2 §2.6). It keeps its own draft: the list re-queries only on Search or
 * Enter (a native form submit), not on every keystroke. A query, not the user's work: leaving never asks.
 */
export function UserSearchForm({
  roles,
  onSearch,
}: {
  roles: TRole[];
  onSearch: (filters: TUserFilters) => void;
}) {
  const form = useFieldForm(FIELDS, EMPTY_DRAFT, { unguarded: true });
  const roleField = { ...ROLE_FIELD, options: roles.map((r) => ({ value: r.id, label: r.name })) };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(filtersOf(form.draft));
  };
  const reset = () => {
    form.reset(EMPTY_DRAFT);
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
      <Field {...form.bind('name')} />
      <Field inputMode="email" {...form.bind('email')} />
      <Field {...form.bind('role_id')} field={roleField} />
      <Field {...form.bind('is_approved')} />
      <Field {...form.bind('is_moot_student')} />
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
