import type { AllHTMLAttributes, KeyboardEvent } from 'react';
import { formatPkPhone } from '@lawfirm/shared-types/common/phone.ts';
import { Combobox, type TComboOption } from './Combobox.tsx';
import { applyMask, CHECKED, CNIC_MASK, DATE_MASK, type TControl } from './fields.ts';

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
  /** An autocomplete's choices for the text now (the caller filters them), instead of the field's own. */
  choices?: readonly TComboOption[] | undefined;
  /** An autocomplete's choice picked (by default its label becomes the text). */
  onPick?: ((option: TComboOption) => void) | undefined;
  /** An autocomplete's list: its name, opened on entering the field, its first choice highlighted. */
  listLabel?: string | undefined;
  openOnFocus?: boolean | undefined;
  highlightFirst?: boolean | undefined;
};

/**
 * The one renderer of a field's control (DESIGN §3), for the forms (inside Field, ui/forms/Field.tsx) and for
 * the cells of the row table: the field's kind picks the control, a mask formats what is typed, and the
 * caller's attributes (label wiring, name, blur) go onto it. The frame around it is the caller's.
 */
export function FieldControl({
  field,
  value,
  onChange,
  onEnter,
  onEscape,
  choices,
  onPick,
  listLabel,
  openOnFocus,
  highlightFirst,
  ...attrs
}: TFieldControlProps) {
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

  if (field.suggestions || field.kind === 'autocomplete') {
    const { type: _, ...rest } = attrs;
    return (
      <Combobox
        maxLength={field.maxLength}
        placeholder={field.placeholder}
        {...rest}
        value={value}
        onChange={onChange}
        suggestions={choices ? undefined : field.suggestions}
        options={choices ?? field.options?.map((o) => ({ key: o.value, label: o.label }))}
        onPick={onPick}
        listLabel={listLabel}
        openOnFocus={openOnFocus}
        highlightFirst={highlightFirst}
        onEnter={onEnter ?? (field.suggestions ? () => undefined : undefined)}
        onEscape={onEscape}
      />
    );
  }

  if (field.kind === 'checkbox')
    return (
      <input
        {...attrs}
        type="checkbox"
        checked={value === CHECKED}
        onChange={(e) => onChange(e.target.checked ? CHECKED : '')}
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
  const phone = field.kind === 'phone';
  const mask = field.kind === 'date' ? DATE_MASK : field.kind === 'cnic' ? CNIC_MASK : field.mask;
  return (
    <input
      type={number ? 'number' : phone ? 'tel' : 'text'}
      inputMode={number || mask ? 'numeric' : field.kind === 'money' ? 'decimal' : undefined}
      autoComplete={phone ? 'off' : undefined}
      max={number ? field.max : undefined}
      min={number ? 0 : undefined}
      step={number ? 1 : undefined}
      maxLength={field.maxLength}
      {...attrs}
      // A date always shows the format it is typed in; a mask shows its digits as blanks unless told otherwise.
      placeholder={
        field.kind === 'date'
          ? 'dd/mm/yyyy'
          : (attrs.placeholder ??
            (phone ? '0300-1234567' : mask ? mask.replace(/9/g, '_') : field.placeholder))
      }
      value={value}
      onChange={(e) => onChange(mask ? applyMask(e.target.value, mask) : e.target.value)}
      onKeyDown={keys}
      // A phone shows as it prints (0300-1234567, 042-37654321) once left.
      onBlur={(e) => {
        if (phone && !attrs.readOnly) onChange(formatPkPhone(value));
        attrs.onBlur?.(e);
      }}
    />
  );
}
