import { z } from 'zod';
import { MSG } from '@lawfirm/shared-types';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import type { TRowDraft, TRowPatch } from '../ui/forms/useFieldRows.tsx';

export type TEmailRow = TRowDraft & { value: string };

/** One extra address: empty or an email (the spec's message). */
export const EMAIL_ROW_FIELDS: TField[] = [
  {
    key: 'value',
    label: 'Additional Email',
    rule: z.email({ error: MSG.emailInvalid }).nullable(),
  },
];
const [EMAIL] = EMAIL_ROW_FIELDS as [TField];

let seq = 0;
export function emailRow(value = ''): TEmailRow {
  return { key: `email-${++seq}`, id: null, value };
}

/**
 * Extra addresses that receive the firm's mails (part 3 §3 `additionalemails`), one email input each: the rows
 * of a useFieldRows beside the settings form.
 */
export function AdditionalEmailsField({
  rows,
  errors,
  onAdd,
  onEdit,
  onRemove,
}: {
  rows: readonly TEmailRow[];
  errors: Record<string, string | undefined>;
  onAdd: (row: TEmailRow) => void;
  onEdit: (key: string, patch: TRowPatch<TEmailRow>) => void;
  onRemove: (row: TEmailRow) => void;
}) {
  return (
    <fieldset style={{ border: 'none', padding: 0, margin: '0 0 0.75rem' }}>
      <legend style={{ fontWeight: 600, marginBottom: '0.5rem' }}>Additional Emails</legend>
      {rows.map((r, i) => (
        <div key={r.key} style={{ display: 'flex', gap: '0.5rem', alignItems: 'end' }}>
          <div style={{ flex: 1 }}>
            <Field
              field={{ ...EMAIL, label: `Additional Email ${i + 1}` }}
              type="email"
              value={r.value}
              error={errors[`${r.key}.value`]}
              onChange={(value) => onEdit(r.key, { value })}
            />
          </div>
          <button
            type="button"
            className="btn"
            style={{ marginBottom: '0.75rem' }}
            aria-label={`Remove email ${i + 1}`}
            onClick={() => onRemove(r)}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="btn" onClick={() => onAdd(emailRow())}>
        Add Email
      </button>
    </fieldset>
  );
}
