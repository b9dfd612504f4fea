import { PhoneField, TextField } from '../ui/form.tsx';
import { newContactKey, type TContactDraft, type TContactErrors } from './userForm.logic.ts';

/**
 * The repeatable contact persons of a user (part 2 §2.6). Each row is a group named "Contact Person N" and
 * its labels say "Contact ..." so they never clash with the user's own Name, Email and Phone fields.
 * Removing a row already on the server is the parent's business (it asks and calls DELETE first).
 */
export function ContactPersonsField({
  contacts,
  errors,
  sectionError,
  onChange,
  onRemove,
}: {
  contacts: TContactDraft[];
  errors: Record<string, TContactErrors>;
  sectionError?: string | undefined;
  onChange: (contacts: TContactDraft[]) => void;
  onRemove: (contact: TContactDraft) => void;
}) {
  const edit = (key: string, patch: Partial<TContactDraft>) =>
    onChange(contacts.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const add = () =>
    onChange([...contacts, { key: newContactKey(), id: null, name: '', email: '', phone: '', cnic: '' }]);

  return (
    <section aria-labelledby="contact-persons-title" style={{ margin: '1rem 0' }}>
      <h2 id="contact-persons-title" style={{ fontSize: '1.1rem' }}>
        Contact Persons
      </h2>
      {contacts.map((c, i) => {
        const n = i + 1;
        const err = errors[c.key] ?? {};
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
            <TextField
              label="Contact Name"
              value={c.name}
              error={err.name}
              onChange={(v) => edit(c.key, { name: v })}
            />
            <TextField
              label="Contact Email"
              type="email"
              value={c.email}
              error={err.email}
              onChange={(v) => edit(c.key, { email: v })}
            />
            <PhoneField
              label="Contact Phone"
              value={c.phone}
              error={err.phone}
              onChange={(v) => edit(c.key, { phone: v })}
            />
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
