import { useCallback, useMemo, useReducer, useRef, useState, type SyntheticEvent } from 'react';
import {
  draftErrors,
  hasErrors,
  isOpen,
  readDraft,
  valuesOf,
  type TDraft,
  type TField,
  type TFormRules,
} from '../fields.ts';
import { useDiscardGuard } from '../useDiscardGuard.tsx';
import { changedSince, formDirty, formReducer, openForm, shownErrors } from './formState.ts';

export type TFieldFormOptions = TFormRules & {
  /** Something else of the form is unsaved too (its rows: useFieldRows' `dirty`). */
  dirty?: boolean | undefined;
  /** Nothing may be typed (a paid invoice, an event only shown): every field read-only, nothing unsaved. */
  readOnly?: boolean | undefined;
  /** A search or filter form: what it holds is a query, not the user's work, so leaving never asks. */
  unguarded?: boolean | undefined;
};

/** Lands the keyboard (and a screen reader) on the first field to fix, inside the form or dialog submitted. */
function focusFirstInvalid(from: EventTarget | null | undefined) {
  const root = from instanceof Element ? (from.closest('form, [role="dialog"]') ?? document) : document;
  requestAnimationFrame(() => root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The one form hook (docs/forms.md): the draft of declared fields (ui/fields.ts: text as typed), its messages
 * from the fields' rules, an optional zod schema and checks across fields (one path: `draftErrors`), shown once
 * a field is left or a save was tried; whether anything is unsaved; and the discard guard, so whatever closes
 * the form goes through `leave` and either saves or asks "Discard what you typed?". Render `dialog` once.
 */
export function useFieldForm(
  fields: readonly TField[],
  initial: TDraft | (() => TDraft),
  options: TFieldFormOptions = {},
) {
  const [state, dispatch] = useReducer(formReducer, undefined, () =>
    openForm(typeof initial === 'function' ? initial() : initial),
  );
  const [submitting, setSubmitting] = useState(false);
  // A `reset` made by `send` itself (a sign-up emptied once sent) is what the form holds after it, not the draft sent.
  const resets = useRef(0);
  const { schema, check, readOnly } = options;
  const rules = useMemo(() => ({ schema, check }), [schema, check]);
  const errors = shownErrors(fields, state, rules);
  const dirty = !readOnly && (formDirty(state) || !!options.dirty);
  // While a save runs nothing asks (the save itself leaves, e.g. navigates to the list).
  const guard = useDiscardGuard(dirty && !submitting && !options.unguarded);
  const { draft } = state;

  const set = useCallback(
    (key: string, text: string) => dispatch({ type: 'set', patch: { [key]: text } }),
    [],
  );
  const patch = useCallback((p: TDraft) => dispatch({ type: 'set', patch: p }), []);
  const byKey = useMemo(() => new Map(fields.map((f) => [f.key, f])), [fields]);

  /** The props of <Field> for one declared field: its declaration, text, change, blur and message. */
  const bind = (key: string) => {
    const field = byKey.get(key);
    if (!field) throw new Error(`No field "${key}" is declared`);
    return {
      field,
      name: key,
      value: draft[key] ?? '',
      onChange: (text: string) => set(key, text),
      onBlur: () => dispatch({ type: 'touch', key }),
      error: errors[key],
      readOnly: readOnly || !isOpen(field, draft) || undefined,
    };
  };

  /** Every message shown; the values to store when there is none (else null, and the first field to fix focused). */
  const read = (from?: EventTarget | null): Record<string, unknown> | null => {
    dispatch({ type: 'tried' });
    const r = readDraft(fields, draft, rules);
    if (r.errors) {
      focusFirstInvalid(from);
      return null;
    }
    return r.values;
  };

  /**
   * A submit handler (form onSubmit or a button's onClick): checks everything, then runs `send` once with the
   * values; after it succeeds the form holds what was saved, so nothing is unsaved.
   */
  const submit =
    (send: (values: Record<string, unknown>) => Promise<void>) =>
    (e?: SyntheticEvent): void => {
      e?.preventDefault();
      if (submitting || readOnly) return;
      const values = read(e?.currentTarget);
      if (!values) return;
      setSubmitting(true);
      const saved = draft;
      const before = resets.current;
      void send(values)
        .then(() => {
          if (resets.current === before) dispatch({ type: 'reset', draft: saved });
        })
        .catch(() => undefined)
        .finally(() => setSubmitting(false));
    };

  return {
    draft,
    errors,
    dirty,
    submitting,
    set,
    patch,
    bind,
    read,
    submit,
    /** Whether the draft may be saved now (nothing wrong), without showing any message. */
    valid: () => !hasErrors(draftErrors(fields, draft, rules)),
    /** The values the draft would store (for totals and previews while typing). */
    values: () => valuesOf(fields, draft),
    /** Only the stored values changed since the form opened (an edit sends just those). */
    changed: () => changedSince(fields, state),
    /** Starts again from `to` (or what it opened with): nothing unsaved, no messages. */
    reset: (to?: TDraft) => {
      resets.current++;
      dispatch({ type: 'reset', draft: to ?? state.first });
    },
    /** A newer copy of the record (a pull) for fields not edited here: shown, and nothing unsaved because of it. */
    follow: (p: TDraft) => dispatch({ type: 'follow', patch: p }),
    /** Messages the server gave per field, shown until the field is edited. */
    setServerErrors: (e: Record<string, string | undefined>) => dispatch({ type: 'server', errors: e }),
    /** Runs `go` (close, cancel, navigate) at once when nothing is unsaved, else asks first. */
    leave: guard.leave,
    /** The "Discard what you typed?" question: render it once beside the form. */
    dialog: guard.dialog,
  };
}

export type TFieldForm = ReturnType<typeof useFieldForm>;
