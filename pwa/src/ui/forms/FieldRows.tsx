import type { ReactNode } from 'react';
import type { TField } from '../fields.ts';
import { Field } from './Field.tsx';
import type { TRowDraft, useFieldRows } from './useFieldRows.tsx';

/** What useFieldRows answers: the rows, their messages and the edit of one. */
type TRows<R extends TRowDraft> = Pick<ReturnType<typeof useFieldRows<R>>, 'rows' | 'errors' | 'edit'>;

/**
 * The rows of a form's list (an invoice's expenses, its payments), each a fieldset of its declared fields
 * bound to the row, with the kit's messages under them; `extra` adds what a row has besides its fields (its
 * files), `actions` its buttons (Delete).
 */
export function FieldRows<R extends TRowDraft>({
  rows,
  fields,
  legend,
  className,
  extra,
  actions,
}: {
  rows: TRows<R>;
  fields: readonly TField[];
  /** The row's name: "Payment 2". */
  legend: (index: number) => string;
  className?: string;
  extra?: (row: R, legend: string) => ReactNode;
  actions: (row: R) => ReactNode;
}) {
  return rows.rows.map((row, i) => {
    const name = legend(i);
    const values = row as unknown as Record<string, unknown>;
    return (
      <fieldset key={row.key} className={className}>
        <legend>{name}</legend>
        {fields.map((f) => (
          <Field
            key={f.key}
            field={f}
            value={typeof values[f.key] === 'string' ? (values[f.key] as string) : ''}
            error={rows.errors[`${row.key}.${f.key}`]}
            onChange={(text) => rows.edit(row.key, { [f.key]: text } as Partial<R>)}
          />
        ))}
        {extra?.(row, name)}
        {actions(row)}
      </fieldset>
    );
  });
}
