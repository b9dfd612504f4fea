import { useState } from 'react';
import { ConfirmDialog } from '../../feedback/Modal.tsx';
import { draftErrors, draftOf, valuesOf, type TDraft, type TDraftErrors, type TField } from '../fields.ts';

/** A row of a form's list (an invoice's expenses, its payments): its own key, its saved id, its fields' text. */
export type TRowDraft = { key: string; id: string | null };

/**
 * A change to one row: the fields it sets, or a function of the row as it is when the change lands (two quick
 * picks of receipts each add to the list, rather than the second replacing the first's).
 */
export type TRowPatch<R> = Partial<R> | ((row: R) => Partial<R>);

/**
 * A row of a form's list from stored values (draftOf: a date shown dd/mm/yyyy, paisa as rupees): a saved
 * record's row is keyed by its id, a new one (no `id`) gets a key made here. `more` is what the row holds
 * besides its fields (its picked files). The caller names its row type, whose fields are `fields`.
 */
export const rowOf = <R extends TRowDraft>(
  fields: readonly TField[],
  values: Record<string, unknown> & { id?: string | null },
  more: Record<string, unknown> = {},
): R =>
  ({
    key: values.id ?? crypto.randomUUID(),
    id: values.id ?? null,
    ...draftOf(fields, values),
    ...more,
  }) as R;

/** The rows with the one of `key` changed. */
export const patchRow = <R extends TRowDraft>(rows: readonly R[], key: string, patch: TRowPatch<R>): R[] =>
  rows.map((r) => (r.key === key ? { ...r, ...(typeof patch === 'function' ? patch(r) : patch) } : r));

/** Each row checked with the declared fields (the one path, draftErrors); messages under `{row key}.{field}`. */
export function rowErrors(fields: readonly TField[], rows: readonly TRowDraft[]): TDraftErrors {
  const out: TDraftErrors = {};
  for (const r of rows)
    for (const [k, m] of Object.entries(draftErrors(fields, r as unknown as TDraft)))
      if (m) out[`${r.key}.${k}`] = m;
  return out;
}

/**
 * The rows of a form's list, beside useFieldForm (pass its `dirty` there): add, edit and remove rows (a saved one
 * only after "Do you really want to delete?", remembered in `removed`), their messages once a save was tried,
 * and `read` giving each row with its fields' stored values.
 */
export function useFieldRows<R extends TRowDraft>(
  fields: readonly TField[],
  initial: () => R[],
  confirm?: string,
) {
  const [state, setState] = useState(() => {
    const rows = initial();
    return { first: rows, rows, removed: [] as string[], tried: false, asking: null as R | null };
  });
  const { rows } = state;
  const errors = state.tried ? rowErrors(fields, rows) : {};
  const drop = (key: string, id: string | null) =>
    setState((s) => ({
      ...s,
      asking: null,
      rows: s.rows.filter((r) => r.key !== key),
      removed: id ? [...s.removed, id] : s.removed,
    }));
  return {
    rows,
    errors,
    removed: state.removed,
    dirty:
      state.removed.length > 0 ||
      rows.length !== state.first.length ||
      rows.some((r, i) => r !== state.first[i]),
    add: (row: R) => setState((s) => ({ ...s, rows: [...s.rows, row] })),
    edit: (key: string, patch: TRowPatch<R>) =>
      setState((s) => ({ ...s, rows: patchRow(s.rows, key, patch) })),
    /** A new row goes at once; a saved one after the question. */
    remove: (row: R) => (row.id ? setState((s) => ({ ...s, asking: row })) : drop(row.key, null)),
    /** Removes a row at once, saved or not (a list whose removals count only when the form is saved). */
    discard: (row: R) => drop(row.key, row.id),
    /** Every row's messages shown; each row with its fields' stored values, or null when one is wrong. */
    read: (): { row: R; values: Record<string, unknown> }[] | null => {
      setState((s) => ({ ...s, tried: true }));
      if (Object.keys(rowErrors(fields, rows)).length) return null;
      return rows.map((row) => ({ row, values: valuesOf(fields, row as unknown as TDraft) }));
    },
    /** Starts again with these rows (after a save): nothing unsaved. */
    reset: (to: R[] = []) => setState({ first: to, rows: to, removed: [], tried: false, asking: null }),
    dialog: (
      <ConfirmDialog
        open={state.asking !== null}
        {...(confirm ? { message: confirm } : {})}
        onCancel={() => setState((s) => ({ ...s, asking: null }))}
        onConfirm={() => state.asking && drop(state.asking.key, state.asking.id)}
      />
    ),
  };
}
