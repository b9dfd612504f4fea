import { useMemo } from 'react';
import type { TLawyerOption } from '../caseFiles.logic.ts';
import type { TField } from '../../ui/fields.ts';
import { Field } from '../../ui/forms/Field.tsx';

/** The Lawyer field: a search box (the one autocomplete) whose picks become the chosen lawyers. */
export const LAWYER_FIELD: TField = { key: 'lawyer_ids', label: 'Lawyer', kind: 'autocomplete' };

/**
 * Lawyer: a search box that adds one more lawyer, and the chosen lawyers as tags (each with a remove button).
 * The chosen ids and the search text are both the form's draft (`value`, `text`), so nothing is held here.
 */
export function LawyerField({
  options,
  value,
  onChange,
  text,
  onText,
}: {
  options: readonly TLawyerOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  text: string;
  onText: (text: string) => void;
}) {
  const labelOf = (lawyerId: string) => options.find((o) => o.value === lawyerId)?.label ?? lawyerId;
  const choices = useMemo(() => {
    const q = text.trim().toLowerCase();
    return options
      .filter((o) => !value.includes(o.value) && (!q || o.label.toLowerCase().includes(q)))
      .map((o) => ({ key: o.value, label: o.label }));
  }, [options, value, text]);

  return (
    <div className="lawyer-field">
      <Field
        field={LAWYER_FIELD}
        value={text}
        onChange={onText}
        choices={choices}
        openOnFocus
        highlightFirst
        placeholder={choices.length ? 'Search a lawyer' : 'No more lawyers to add'}
        onPick={(o) => {
          onChange([...value, o.key]);
          onText('');
        }}
      />
      {value.length > 0 && (
        <ul className="lawyer-tags" aria-label="Chosen lawyers">
          {value.map((lawyerId) => (
            <li key={lawyerId} className="lawyer-tag">
              {labelOf(lawyerId)}
              <button
                type="button"
                className="lawyer-tag-remove"
                aria-label={`Remove ${labelOf(lawyerId)}`}
                onClick={() => onChange(value.filter((v) => v !== lawyerId))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
