import {
  changedValues,
  draftErrors,
  isDirty,
  valuesOf,
  type TDraft,
  type TDraftErrors,
  type TField,
  type TFormRules,
} from '../fields.ts';

/**
 * The state of one form, as a pure reducer (useFieldForm is this inside React; the tests drive it alone): the
 * draft opened with, the draft now, which fields have been left (their message shows from then on) or 'all'
 * once a save was tried, and messages the server gave per field (shown until that field is edited).
 */
export type TFormState = {
  first: TDraft;
  draft: TDraft;
  touched: readonly string[] | 'all';
  server: TDraftErrors;
};

export type TFormAction =
  | { type: 'set'; patch: TDraft }
  | { type: 'touch'; key: string }
  | { type: 'tried' }
  | { type: 'server'; errors: TDraftErrors }
  | { type: 'reset'; draft: TDraft }
  | { type: 'follow'; patch: TDraft };

export const openForm = (draft: TDraft): TFormState => ({ first: draft, draft, touched: [], server: {} });

export function formReducer(s: TFormState, a: TFormAction): TFormState {
  switch (a.type) {
    case 'set': {
      const server = { ...s.server };
      for (const k of Object.keys(a.patch)) delete server[k];
      return { ...s, draft: { ...s.draft, ...a.patch }, server };
    }
    case 'touch':
      return s.touched === 'all' || s.touched.includes(a.key) ? s : { ...s, touched: [...s.touched, a.key] };
    case 'tried':
      return { ...s, touched: 'all' };
    case 'server':
      return { ...s, server: a.errors };
    case 'follow':
      // A newer copy of the record, for fields the user has not edited: shown, and counted as saved.
      return { ...s, first: { ...s.first, ...a.patch }, draft: { ...s.draft, ...a.patch } };
    case 'reset':
      // Saved (or discarded): what is now in the form is what it "opened with", so nothing is unsaved.
      return openForm(a.draft);
  }
}

/** The messages to show: a field's own once it was left or a save was tried, else the server's for it. */
export function shownErrors(fields: readonly TField[], s: TFormState, rules: TFormRules): TDraftErrors {
  const all = draftErrors(fields, s.draft, rules);
  const out: TDraftErrors = {};
  for (const k of new Set([...Object.keys(all), ...Object.keys(s.server)])) {
    const m = (s.touched === 'all' || s.touched.includes(k) ? all[k] : undefined) ?? s.server[k];
    if (m) out[k] = m;
  }
  return out;
}

export const formDirty = (s: TFormState): boolean => isDirty(s.first, s.draft);

/**
 * The stored values the user changed since the form opened: an edit sends only those, so another device's
 * change to another field merges instead of becoming a conflict.
 */
export const changedSince = (fields: readonly TField[], s: TFormState): Record<string, unknown> =>
  changedValues(valuesOf(fields, s.first), valuesOf(fields, s.draft));
