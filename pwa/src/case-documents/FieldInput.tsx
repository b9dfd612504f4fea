import { useId, type KeyboardEvent } from 'react';
import { applyMask, DATE_MASK } from '../ui/form.tsx';
import type { TField } from './fields.ts';
import { SuggestInput } from './SuggestInput.tsx';

const FIELD = { margin: 0, width: '100%' } as const;

/** One input of a row being edited or added, with its message under it. Enter saves, Escape cancels. */
export function FieldInput({
  field,
  label,
  value,
  error,
  autoFocus,
  placeholder,
  onChange,
  onEnter,
  onEscape,
}: {
  field: TField;
  label: string;
  value: string;
  error: string | undefined;
  autoFocus?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
  onEnter: () => void;
  onEscape?: () => void;
}) {
  const errorId = `${useId()}-error`;
  const common = {
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required ? true : undefined,
    autoFocus,
    maxLength: field.maxLength,
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter();
    } else if (e.key === 'Escape' && onEscape) {
      e.preventDefault();
      onEscape();
    }
  };
  let input;
  if (field.suggestions)
    input = (
      <SuggestInput
        {...common}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        suggestions={field.suggestions}
        onEnter={onEnter}
        onEscape={onEscape}
      />
    );
  else if (field.kind === 'date')
    input = (
      <input
        {...common}
        type="text"
        inputMode="numeric"
        placeholder="dd/mm/yyyy"
        value={value}
        onChange={(e) => onChange(applyMask(e.target.value, DATE_MASK))}
        onKeyDown={keys}
      />
    );
  else
    input = (
      <input
        {...common}
        type={field.kind === 'number' ? 'number' : 'text'}
        inputMode={field.kind === 'number' ? 'numeric' : undefined}
        min={field.kind === 'number' ? 0 : undefined}
        step={field.kind === 'number' ? 1 : undefined}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={keys}
      />
    );
  return (
    <div className={`field${error ? ' has-error' : ''}`} style={FIELD}>
      {input}
      {error && (
        <div className="field-error" id={errorId}>
          {error}
        </div>
      )}
    </div>
  );
}
