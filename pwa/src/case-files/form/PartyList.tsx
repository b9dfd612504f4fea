import { useId } from 'react';
import { Link } from 'react-router';
import { v7 } from 'uuid';
import { z } from 'zod';
import { FieldControl } from '../../ui/FieldControl.tsx';
import type { TField } from '../../ui/fields.ts';
import { PARTY_NAME_MAX, partySuggestions, type TKnownName, type TPartyDraft } from '../parties.logic.ts';

/** A party row's one field: the name, with the server's limit and message. */
export const PARTY_FIELDS: TField[] = [
  {
    key: 'name',
    label: 'Name',
    kind: 'autocomplete',
    rule: z
      .string()
      .max(PARTY_NAME_MAX, { error: `The name may not be greater than ${PARTY_NAME_MAX} characters.` })
      .nullable(),
  },
];

/**
 * The Petitioner or Opponent list of the form: one name per row with suggestions from names this device
 * knows (after 3 characters), 'Add More', a remove button per row and a View link when the party is linked
 * to a person of the firm. Typing over a linked name unlinks it: the new text may be someone else. The rows
 * are the form's (useFieldRows); each name is drawn by the kit's control renderer, named by its row's label.
 */
const NAME_FIELD = PARTY_FIELDS[0] as TField;

export function PartyList({
  label,
  rows,
  known,
  errors,
  onEdit,
  onAdd,
  onRemove,
}: {
  /** 'Petitioner' or 'Opponent': the group's name and, numbered, each row's. */
  label: string;
  rows: readonly TPartyDraft[];
  known: readonly TKnownName[];
  /** Messages under `{row key}.name`. */
  errors: Record<string, string | undefined>;
  onEdit: (key: string, patch: Partial<TPartyDraft>) => void;
  onAdd: (row: TPartyDraft) => void;
  onRemove: (row: TPartyDraft) => void;
}) {
  const baseId = useId();
  const update = onEdit;
  return (
    <fieldset className="party-list">
      <legend>{label}</legend>
      {rows.map((r, i) => {
        const id = `${baseId}-${i}`;
        const error = errors[`${r.key}.name`];
        const suggestions = partySuggestions(r.name, known).map((s) => ({
          key: `${s.name}\u0000${s.user_id ?? ''}`,
          label: s.name,
          hint: s.user_id ? '(client)' : undefined,
          s,
        }));
        return (
          <div key={r.key} className="party-row">
            <FieldControl
              field={NAME_FIELD}
              id={id}
              aria-label={`${label} ${i + 1}`}
              value={r.name}
              choices={suggestions}
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
              onClick={() => onRemove(r)}
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
        onClick={() => onAdd({ key: v7(), id: null, name: '', user_id: null })}
      >
        Add More
      </button>
    </fieldset>
  );
}
