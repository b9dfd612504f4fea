import { useId, type ReactNode } from 'react';
import { FieldControl, type TFieldControlProps } from '../FieldControl.tsx';
import type { TField } from '../fields.ts';

export type TFieldProps = Omit<TFieldControlProps, 'field'> & {
  field: TField;
  error?: string | undefined;
  hint?: ReactNode;
  /** Classes added to the field's frame. */
  className?: string | undefined;
  /** Drawn after the control, joined to it (a password's Show/Hide: SecretField). */
  addon?: ReactNode;
};

/**
 * The one renderer of a declared field in a form or dialog: its label (tied to the control, so tests and screen
 * readers find it by its visible text; a required mark beside it, never inside), the control its kind picks
 * (FieldControl: input, textarea, select, checkbox, the one autocomplete), a hint and its message, linked with
 * aria-describedby. Spread `form.bind(key)` (useFieldForm) or a row's own value/onChange/error into it.
 */
export function Field({ field, error, hint, className, addon, id: given, ...control }: TFieldProps) {
  const own = useId();
  const id = given ?? own;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const aria = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    'aria-required': (field.required && !control.readOnly) || undefined,
  };
  const message = error && (
    <div className="field-error" id={`${id}-error`}>
      {error}
    </div>
  );
  if (field.kind === 'checkbox')
    return (
      <div className={`field check${className ? ` ${className}` : ''}`}>
        <FieldControl field={field} {...control} {...aria} disabled={control.disabled || control.readOnly} />
        <label htmlFor={id}>{field.label}</label>
        {message}
      </div>
    );
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' has-error' : ''}`}>
      <div className="field-label">
        <label htmlFor={id}>{field.label}</label>
        {field.required && !control.readOnly && (
          <span className="req" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {addon ? (
        <div className="input-group">
          <FieldControl field={field} maxLength={field.maxLength} {...control} {...aria} />
          {addon}
        </div>
      ) : (
        <FieldControl field={field} maxLength={field.maxLength} {...control} {...aria} />
      )}
      {hint && (
        <div className="field-hint" id={`${id}-hint`} aria-live="polite">
          {hint}
        </div>
      )}
      {message}
    </div>
  );
}
