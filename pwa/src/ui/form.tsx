import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { z } from 'zod';
import { FieldControl, type TFieldControlProps } from './FieldControl.tsx';
import { PHONE_MASK, type TControl, type TOption } from './fields.ts';

// The masks live with the field description; screens have always taken them from the form kit.
export { applyMask, CNIC_MASK, DATE_MASK, PHONE_MASK } from './fields.ts';

/**
 * Small form kit shared by every screen. Each field is a <label> tied to its control, so tests and screen
 * readers find it by its visible text; the error sits under the field and is linked with aria-describedby.
 * The label holds only the spec's text (no asterisk inside it) so exact label lookups keep working.
 */

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

type FieldShell = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
};

/** The frame of every field (label, required mark, hint, error under it); custom controls use it as FieldFrame. */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  required,
  className,
  children,
}: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' has-error' : ''}`}>
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="req" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

/** aria wiring shared by every control. */
function aria(id: string, f: FieldShell) {
  const described = [f.hint ? `${id}-hint` : '', f.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': f.error ? true : undefined,
    'aria-describedby': described || undefined,
    'aria-required': f.required || undefined,
  };
}

type InputProps = FieldShell &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className' | 'required'> & {
    value: string;
    onChange: (value: string) => void;
  };

function splitShell<P extends FieldShell>(p: P) {
  const { label, error, hint, required, className, ...rest } = p;
  return [{ label, error, hint, required, className }, rest] as const;
}

/**
 * A labelled field drawn from its description (ui/fields.ts), the same description the row table's cells use:
 * the frame (label, hint, error) around the one control renderer. The components below are this with a kind.
 */
export function FormField(
  props: FieldShell & Omit<TFieldControlProps, 'id' | 'className' | 'required' | 'label'>,
) {
  const id = useId();
  const [shell, rest] = splitShell(props);
  return (
    <FieldFrame id={id} {...shell}>
      <FieldControl {...rest} {...aria(id, shell)} />
    </FieldFrame>
  );
}

const TEXT: TControl = { kind: 'text' };
const TEXTAREA: TControl = { kind: 'textarea' };

export function TextField(props: InputProps) {
  return <FormField field={TEXT} {...props} />;
}

/**
 * Password with a reveal toggle. The toggle's name is 'Show'/'Hide', never containing 'Password', so a
 * lookup of the field by its label finds exactly one control.
 */
export function PasswordField(props: InputProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const [shell, rest] = splitShell(props);
  return (
    <FieldFrame id={id} {...shell}>
      <div className="input-group">
        <FieldControl field={TEXT} {...rest} {...aria(id, shell)} type={shown ? 'text' : 'password'} />
        <button type="button" className="btn input-addon" aria-controls={id} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldFrame>
  );
}

export function MaskedField({ mask, ...props }: InputProps & { mask: string }) {
  return <FormField field={{ kind: 'text', mask }} {...props} />;
}

/** Phone with the spec's mask 9999-9999999 and placeholder 0300-1234567. */
export function PhoneField(props: InputProps) {
  return (
    <MaskedField mask={PHONE_MASK} type="tel" autoComplete="tel" placeholder="0300-1234567" {...props} />
  );
}

export function TextAreaField(
  props: FieldShell &
    Omit<
      TextareaHTMLAttributes<HTMLTextAreaElement>,
      'id' | 'value' | 'onChange' | 'className' | 'required'
    > & {
      value: string;
      onChange: (value: string) => void;
    },
) {
  return <FormField field={TEXTAREA} {...props} />;
}

export type Option = TOption;

export function SelectField({
  options,
  placeholder,
  ...props
}: FieldShell &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className' | 'required'> & {
    value: string;
    onChange: (value: string) => void;
    options: readonly Option[];
    /** Text of an empty first choice (value ''). */
    placeholder?: string;
  }) {
  return <FormField field={{ kind: 'select', options, placeholder }} {...props} />;
}

export function CheckboxField({
  label,
  checked,
  onChange,
  error,
  disabled,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  disabled?: boolean;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="field check">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

/** A message for the whole form (server failure, missing bot check token). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {message}
    </div>
  );
}

/** First message per top-level field of a zod schema, for the fields' error slots. */
export function zodFieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const r = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (r.success) return out;
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? '_');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * A form's rules (a zod schema) loaded when the user first reaches the form (a focus or a press inside it:
 * spread `reach` on the <form>), not as the page starts: building the sign-up's zod schemas was one task of
 * about 500 ms on Lighthouse's phone-speed CPU, in the middle of the page's start. Until they have come nothing
 * shows as invalid (`validate` answers no errors); `passes` waits for them, so a submit is checked either way.
 */
export function useRulesOnFirstUse<T, S>(
  load: () => Promise<S>,
  errorsOf: (schema: S, values: T) => FieldErrors,
) {
  const [schema, setSchema] = useState<S | null>(null);
  const loading = useRef<Promise<S> | null>(null);
  const start = useCallback(() => {
    loading.current ??= load().then((s) => {
      setSchema(() => s);
      return s;
    });
    loading.current.catch(() => (loading.current = null));
    return loading.current;
  }, [load]);
  const validate = useCallback((v: T) => (schema ? errorsOf(schema, v) : {}), [schema, errorsOf]);
  /** Whether `v` passes the rules, once they have come; true when they cannot load (the server checks them). */
  const passes = useCallback(
    async (v: T) => {
      try {
        return !Object.values(errorsOf(schema ?? (await start()), v)).some(Boolean);
      } catch {
        return true;
      }
    },
    [schema, errorsOf, start],
  );
  const reach = useMemo(() => ({ onFocus: () => void start(), onPointerDown: () => void start() }), [start]);
  return { validate, passes, reach };
}

type Values = Record<string, string | boolean>;
type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

/**
 * Form state with the spec's timing: a field shows its error once it has been left (blur) or the form was
 * submitted, and then follows the value as it changes. Server errors show under their field until edited.
 */
export function useForm<T extends Values>(initial: T, validate: (values: T) => FieldErrors) {
  const [values, setValues] = useState<T>(initial);
  const [first] = useState<T>(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const allErrors = useMemo(() => validate(values), [validate, values]);
  const errors: FieldErrors = {};
  for (const k of Object.keys(values)) {
    const e = (touched.has(k) ? allErrors[k] : undefined) ?? serverErrors[k];
    if (e) errors[k] = e;
  }

  const setValue = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((s) => (s[name] ? { ...s, [name]: undefined } : s));
  }, []);
  const touch = useCallback(
    (name: string) => setTouched((t) => (t.has(name) ? t : new Set(t).add(name))),
    [],
  );

  const bind = (name: KeysOf<T, string>) => ({
    name,
    value: values[name] as string,
    onChange: (v: string) => setValue(name, v as T[typeof name]),
    onBlur: () => touch(name),
    error: errors[name],
  });
  const bindCheck = (name: KeysOf<T, boolean>) => ({
    name,
    checked: values[name] as boolean,
    onChange: (v: boolean) => setValue(name, v as T[typeof name]),
    error: errors[name],
  });

  const reset = useCallback(() => {
    setValues(initial);
    setTouched(new Set());
    setServerErrors({});
  }, [initial]);

  /** Validates everything, then runs `send` once; `submitting` stays true until it settles. */
  const handleSubmit =
    (send: (values: T) => Promise<void>) =>
    (e: FormEvent<HTMLFormElement>): void => {
      e.preventDefault();
      if (submitting) return;
      setTouched(new Set(Object.keys(values)));
      const form = e.currentTarget;
      if (Object.values(validate(values)).some(Boolean)) {
        // Keyboard and screen-reader users land on the first field to fix.
        requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        return;
      }
      setSubmitting(true);
      void send(values).finally(() => setSubmitting(false));
    };

  return {
    values,
    errors,
    /** A value differs from the one the form opened with (what a leave guard asks about). */
    dirty: Object.keys(values).some((k) => values[k] !== first[k]),
    setValue,
    touch,
    bind,
    bindCheck,
    reset,
    handleSubmit,
    submitting,
    setServerErrors,
  };
}

// The one form kit (docs/forms.md): declared fields, one hook, one field renderer, the rows of a form's list.
// The components above remain for the screens not yet converted.
export { Field, type TFieldProps } from './forms/Field.tsx';
export { useFieldForm, type TFieldForm, type TFieldFormOptions } from './forms/useFieldForm.tsx';
export { patchRow, useFieldRows, type TRowDraft, type TRowPatch } from './forms/useFieldRows.tsx';
