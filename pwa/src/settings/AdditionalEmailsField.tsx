import { TextField } from '../ui/form.tsx';

export type TEmailRow = { key: string; value: string; error?: string | undefined };

let seq = 0;
export function emailRow(value = ''): TEmailRow {
  return { key: `email-${++seq}`, value };
}

/** Extra addresses that receive the firm's mails (part 3 §3 `additionalemails`), one email input each. */
export function AdditionalEmailsField({
  rows,
  onChange,
}: {
  rows: TEmailRow[];
  onChange: (rows: TEmailRow[]) => void;
}) {
  return (
    <fieldset style={{ border: 'none', padding: 0, margin: '0 0 0.75rem' }}>
      <legend style={{ fontWeight: 600, marginBottom: '0.5rem' }}>Additional Emails</legend>
      {rows.map((r, i) => (
        <div key={r.key} style={{ display: 'flex', gap: '0.5rem', alignItems: 'end' }}>
          <div style={{ flex: 1 }}>
            <TextField
              label={`Additional Email ${i + 1}`}
              type="email"
              value={r.value}
              error={r.error}
              onChange={(value) =>
                onChange(rows.map((x) => (x.key === r.key ? { ...x, value, error: undefined } : x)))
              }
            />
          </div>
          <button
            type="button"
            className="btn"
            style={{ marginBottom: '0.75rem' }}
            aria-label={`Remove email ${i + 1}`}
            onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="btn" onClick={() => onChange([...rows, emailRow()])}>
        Add Email
      </button>
    </fieldset>
  );
}
