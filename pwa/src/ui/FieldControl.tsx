import type { AllHTMLAttributes, KeyboardEvent } from 'react';
import { applyMask, DATE_MASK, type TControl } from './fields.ts';
import { SuggestInput } from './SuggestInput.tsx';

/** What the caller adds to the control: id or aria-label, aria wiring, name, autoFocus, onBlur, type… */
export type TControlAttrs = Omit<AllHTMLAttributes<HTMLElement>, 'value' | 'onChange' | 'children'>;

export type TFieldControlProps = TControlAttrs & {
  field: TControl;
  value: string;
  onChange: (value: string) => void;
  /** Enter in a one-line control (saves a row); without it Enter does what the browser does (submits a form). */
  onEnter?: () => void;
  /** Escape (cancels a row's edit). */
  onEscape?: () => void;
};

/**
 * The one renderer of a field's control (DESIGN §3), for the forms (inside FieldFrame, ui/form.tsx) and for
 * the cells of the row table: the field's kind picks the control, a mask formats what is typed, and the
 * caller's attributes (label wiring, name, blur) go onto it. The frame around it is the caller's.
 */
export function FieldControl({ field, value, onChange, onEnter, onEscape, ...attrs }: TFieldControlProps) {
  const keys = onEnter
    ? (e: KeyboardEvent) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onEnter();
        } else if (e.key === 'Escape' && onEscape) {
          e.preventDefault();
          onEscape();
        }
      }
    : attrs.onKeyDown;

  if (field.suggestions)
    return (
      <SuggestInput
        maxLength={field.maxLength}
        {...attrs}
        value={value}
        onChange={onChange}
        suggestions={field.suggestions}
        onEnter={onEnter ?? (() => undefined)}
        onEscape={onEscape}
      />
    );

  if (field.kind === 'select') {
    // A select has no placeholder attribute: the field's placeholder is its empty first choice.
    const { placeholder: _, ...rest } = attrs;
    return (
      <select {...rest} value={value} onChange={(e) => onChange(e.target.value)} onKeyDown={keys}>
        {field.placeholder !== undefined && <option value="">{field.placeholder}</option>}
        {field.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }

  if (field.kind === 'textarea')
    return (
      <textarea
        rows={4}
        maxLength={field.maxLength}
        placeholder={field.placeholder}
        {...attrs}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );

  const number = field.kind === 'number';
  const mask = field.kind === 'date' ? DATE_MASK : field.mask;
  return (
    <input
      type={number ? 'number' : 'text'}
      inputMode={number || mask ? 'numeric' : undefined}
      min={number ? 0 : undefined}
      step={number ? 1 : undefined}
      maxLength={field.maxLength}
      {...attrs}
      // A date always shows the format it is typed in; a mask shows its digits as blanks unless told otherwise.
      placeholder={
        field.kind === 'date'
          ? 'dd/mm/yyyy'
          : (attrs.placeholder ?? (mask ? mask.replace(/9/g, '_') : field.placeholder))
      }
      value={value}
      onChange={(e) => onChange(mask ? applyMask(e.target.value, mask) : e.target.value)}
      onKeyDown={keys}
    />
  );
}
