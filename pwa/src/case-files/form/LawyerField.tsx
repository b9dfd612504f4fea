import { useId, useMemo, useState } from 'react';
import type { TLawyerOption } from '../caseFiles.logic.ts';
import { Combobox } from '../../ui/Combobox.tsx';
import { FieldFrame } from '../../ui/form.tsx';

/** Lawyer: the chosen lawyers as tags (each with a remove button) and a search box that adds one more. */
export function LawyerField({
  options,
  value,
  onChange,
}: {
  options: readonly TLawyerOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const labelOf = (lawyerId: string) => options.find((o) => o.value === lawyerId)?.label ?? lawyerId;
  const choices = useMemo(() => {
    const q = text.trim().toLowerCase();
    return options
      .filter((o) => !value.includes(o.value) && (!q || o.label.toLowerCase().includes(q)))
      .map((o) => ({ key: o.value, label: o.label }));
  }, [options, value, text]);

  return (
    <FieldFrame id={id} label="Lawyer">
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
      <Combobox
        id={id}
        value={text}
        options={choices}
        openOnFocus
        highlightFirst
        placeholder={choices.length ? 'Search a lawyer' : 'No more lawyers to add'}
        onChange={setText}
        onPick={(o) => {
          onChange([...value, o.key]);
          setText('');
        }}
      />
    </FieldFrame>
  );
}
