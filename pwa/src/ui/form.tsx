import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';

// The masks live with the field description; screens have always taken them from the form kit.
export { applyMask, CNIC_MASK, DATE_MASK, PHONE_MASK } from './fields.ts';

/**
 * What remains beside the form kit (docs/forms.md; every form is on useFieldForm and Field): the frame of a
 * custom control (a file picker), the whole form's message, zod messages per field and rules loaded on first use.
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

// The one form kit (docs/forms.md): declared fields, one hook, one field renderer, the rows of a form's list.
export { Field, type TFieldProps } from './forms/Field.tsx';
export { useFieldForm, type TFieldForm, type TFieldFormOptions } from './forms/useFieldForm.tsx';
export { patchRow, useFieldRows, type TRowDraft, type TRowPatch } from './forms/useFieldRows.tsx';
