import { z } from 'zod';
import { MSG } from '@lawfirm/shared-types';
import { PHONE_MASK, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import type { TRowPatch } from '../ui/forms/useFieldRows.tsx';
import { newContactKey, type TContactDraft, type TContactErrors } from './userForm.logic.ts';

/** A contact person's fields; "Contact ..." so they never clash with the user's own Name, Email and Phone. */
export const CONTACT_FIELDS: TField[] = [
  { key: 'name', label: 'Contact Name' },
  { key: 'email', label: 'Contact Email', rule: z.email({ error: MSG.emailInvalid }).nullable() },
  { key: 'phone', label: 'Contact Phone', mask: PHONE_MASK },
];
const byKey = Object.fromEntries(CONTACT_FIELDS.map((f) => [f.key, f])) as Record<
  'name' | 'email' | 'phone',
  TField
>;

/**
 * The repeatable contact persons of a user (part 2 §2.6): the rows of a useFieldRows beside the user form.
 * Each row is a group named "Contact Person N". Removing a row already on the server is the parent's business
 * (it asks and calls DELETE first).
 */
export function ContactPersonsField({
  contacts,
  errors,
  serverErrors,
  sectionError,
  onAdd,
  onEdit,
  onRemove,
}: {
  contacts: readonly TContactDraft[];
  /** The rows' own messages (useFieldRows: `{row key}.{field}`). */
  errors: Record<string, string | undefined>;
  /** What the server said about each row, by row key. */
  serverErrors: Record<string, TContactErrors>;
  sectionError?: string | undefined;
  onAdd: (contact: TContactDraft) => void;
  onEdit: (key: string, patch: TRowPatch<TContactDraft>) => void;
  onRemove: (contact: TContactDraft) => void;
}) {
  const add = () => onAdd({ key: newContactKey(), id: null, name: '', email: '', phone: '', cnic: '' });
  return (
    <section aria-labelledby="contact-persons-title" style={{ margin: '1rem 0' }}>
      <h2 id="contact-persons-title" style={{ fontSize: '1.1rem' }}>
        Contact Persons
      </h2>
      {contacts.map((c, i) => {
        const n = i + 1;
        const bind = (k: 'name' | 'email' | 'phone') => ({
          field: byKey[k],
          value: c[k],
          error: errors[`${c.key}.${k}`] ?? serverErrors[c.key]?.[k],
          onChange: (v: string) => onEdit(c.key, { [k]: v }),
        });
        return (
          <fieldset
            key={c.key}
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
              gap: '0 1rem',
              alignItems: 'end',
              border: '1px solid #e3e6ea',
              borderRadius: 4,
              marginBottom: '0.75rem',
            }}
          >
            <legend>Contact Person {n}</legend>
            <Field {...bind('name')} />
            <Field type="email" {...bind('email')} />
            <Field type="tel" autoComplete="tel" placeholder="0300-1234567" {...bind('phone')} />
            <div className="field" style={{ justifyItems: 'start' }}>
              <button
                type="button"
                className="btn"
                aria-label={`Remove Contact Person ${n}`}
                onClick={() => onRemove(c)}
              >
                Remove
              </button>
            </div>
          </fieldset>
        );
      })}
      {sectionError && (
        <div className="field-error" role="alert">
          {sectionError}
        </div>
      )}
      <button type="button" className="btn" onClick={add}>
        Add Contact Person
      </button>
    </section>
  );
}
