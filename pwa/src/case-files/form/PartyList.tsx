import { useId } from 'react';
import { Link } from 'react-router';
import { v7 } from 'uuid';
import { Combobox } from '../../ui/Combobox.tsx';
import { partySuggestions, type TKnownName, type TPartyDraft } from '../parties.logic.ts';

/**
 * The Petitioner or Opponent list of the form: one name per row with suggestions from names this device
 * knows (after 3 characters), 'Add More', a remove button per row and a View link when the party is linked
 * to a person of the firm. Typing over a linked name unlinks it: the new text may be someone else.
 */
export function PartyList({
  label,
  rows,
  known,
  errors,
  onChange,
}: {
  /** 'Petitioner' or 'Opponent': the group's name and, numbered, each row's. */
  label: string;
  rows: readonly TPartyDraft[];
  known: readonly TKnownName[];
  errors: Record<string, string>;
  onChange: (rows: TPartyDraft[]) => void;
}) {
  const baseId = useId();
  const update = (key: string, patch: Partial<TPartyDraft>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset className="party-list">
      <legend>{label}</legend>
      {rows.map((r, i) => {
        const id = `${baseId}-${i}`;
        const error = errors[r.key];
        const suggestions = partySuggestions(r.name, known).map((s) => ({
          key: `${s.name}\u0000${s.user_id ?? ''}`,
          label: s.name,
          hint: s.user_id ? '(client)' : undefined,
          s,
        }));
        return (
          <div key={r.key} className="party-row">
            <Combobox
              id={id}
              aria-label={`${label} ${i + 1}`}
              value={r.name}
              options={suggestions}
              highlightFirst
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              placeholder="Name"
              onChange={(name) => update(r.key, { name, user_id: null })}
              onPick={(o) => {
                const s = suggestions.find((x) => x.key === o.key)?.s;
                if (s) update(r.key, { name: s.name, user_id: s.user_id });
              }}
            />
            {r.user_id && (
              <Link className="btn small" to={`/users/edit/${encodeURIComponent(r.user_id)}`}>
                View
              </Link>
            )}
            <button
              type="button"
              className="btn small"
              aria-label={`Remove row ${i + 1}`}
              onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
            >
              ×
            </button>
            {error && (
              <div className="field-error" id={`${id}-error`}>
                {error}
              </div>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="btn small"
        onClick={() => onChange([...rows, { key: v7(), id: null, name: '', user_id: null }])}
      >
        Add More
      </button>
    </fieldset>
  );
}
