import { useId, useState, type DragEvent, type MouseEvent, type ReactNode } from 'react';
import { MSG } from '@lawfirm/shared-types';
import { FieldControl } from './FieldControl.tsx';
import { displayText, emptyDraft, readDraft, type TDraft, type TDraftErrors, type TField } from './fields.ts';
import { PendingMark } from '../feedback/PendingMark.tsx';
import { RowEditButtons } from './RowEditButtons.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { useRowEditor } from './useRowEditor.ts';
import type { TMoveLabel } from './useRowOrdering.ts';
import type { TRow, TRowStore } from './useRowStore.ts';

/**
 * The rows of the row table (RowTable.tsx): a row in view or edit mode, and the bottom row that adds one.
 * Cells give their column name in `data-label` for the phone layout, one child per cell.
 */

export type TColumn<T extends TRow = TRow> = TField & {
  /** In view mode the cell is a link to this path. */
  linkTo?: (row: T) => string;
  /** In view mode the cell shows this instead of the stored value's text. */
  view?: (row: T) => ReactNode;
  /** Shown, never edited (a thumbnail): the cell keeps its view while the row is edited. */
  readOnly?: boolean;
};

/**
 * What every row of one table shares: where it writes, its columns, those of them edited in place, and the
 * click handler of the cells' links (useFollowLink: one for the table, not a Link per row).
 */
export type TTableParts<T extends TRow> = {
  store: TRowStore | null;
  columns: readonly TColumn<T>[];
  editable: readonly TColumn<T>[];
  follow: (e: MouseEvent<HTMLAnchorElement>) => void;
};

export type TAddRow = {
  /** Values every new row carries besides the columns (e.g. the parent record's id). */
  values?: Record<string, unknown>;
  onAdded?: (values: Record<string, unknown>) => void;
};

/** One input of a row being edited or added, with its message under it. */
function CellInput({
  column,
  label,
  value,
  error,
  ...rest
}: {
  column: TField;
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
  // A select of a row always has its empty first choice, so a required one can be left unchosen and say so.
  const field =
    column.kind === 'select'
      ? { ...column, placeholder: column.placeholder ?? `Select ${column.label}` }
      : column;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <FieldControl
        field={field}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={column.required ? true : undefined}
        value={value}
        {...rest}
      />
      {error && (
        <div className="field-error" id={errorId}>
          {error}
        </div>
      )}
    </div>
  );
}

/** A cell's text, or its link (a plain function, not a component: a table renders hundreds of them). */
function viewCell<T extends TRow>(column: TColumn<T>, row: T, follow: TTableParts<T>['follow']): ReactNode {
  const text = displayText(column, row[column.key]);
  if (!column.linkTo) return text;
  return (
    <a href={column.linkTo(row)} onClick={follow}>
      {text || '(untitled)'}
    </a>
  );
}

type TMove = {
  className: string;
  props: Record<string, (e: DragEvent) => void>;
  up?: () => void;
  down?: () => void;
};

export function Row<T extends TRow>({
  table: { store, columns, editable, follow },
  row,
  canEdit,
  pending,
  busy,
  onDelete,
  extra,
  number,
  pick,
  drag,
}: {
  table: TTableParts<T>;
  row: T;
  canEdit: boolean;
  pending: boolean;
  busy: boolean;
  onDelete: () => void;
  extra?: ReactNode;
  number: number | undefined;
  pick: { label: string; checked: boolean; onChange: (on: boolean) => void } | undefined;
  drag: TMove | undefined;
}) {
  const ed = useRowEditor(store, row, editable);
  const draggable = !!drag && !ed.editing;
  const last = columns.length - 1;
  return (
    <tr
      data-row-id={row.id}
      className={
        [draggable ? 'draggable' : '', drag?.className ?? '', ed.editing ? 'editing' : '']
          .filter(Boolean)
          .join(' ') || undefined
      }
      draggable={draggable || undefined}
      {...(draggable ? drag.props : {})}
    >
      {pick && (
        <td data-label="Select">
          <input
            type="checkbox"
            aria-label={pick.label}
            checked={pick.checked}
            onChange={(e) => pick.onChange(e.target.checked)}
          />
        </td>
      )}
      {/* One grid item per cell: on phones each cell is a two-column grid (label, value). */}
      {number !== undefined && (
        <td data-label="No.">
          {draggable ? (
            <span>
              <span className="drag-handle" aria-hidden="true" title="Drag to reorder">
                ⠿
              </span>
              {number}
            </span>
          ) : (
            number
          )}
        </td>
      )}
      {columns.map((c, i) => (
        <td key={c.key} data-label={c.label}>
          {ed.editing && !c.readOnly ? (
            <CellInput
              column={c}
              label={c.label}
              value={ed.editing.draft[c.key] ?? ''}
              error={ed.editing.errors[c.key]}
              autoFocus={c === editable[0]}
              onChange={(v) => ed.setField(c.key, v)}
              onEnter={() => void ed.update()}
              onEscape={ed.cancel}
            />
          ) : c.view ? (
            c.view(row)
          ) : !canEdit && i === last && pending ? (
            <span>
              {viewCell(c, row, follow)} <PendingMark />
            </span>
          ) : (
            // The text or link alone is the cell's one grid item on a phone: no wrapper (a table renders
            // hundreds of these, and each element costs its render, style and layout).
            viewCell(c, row, follow)
          )}
        </td>
      ))}
      {canEdit && (
        <td data-label="Actions">
          <div className="row-actions">
            <RowEditButtons
              editing={!!ed.editing}
              saving={ed.saving}
              busy={busy}
              onEdit={ed.start}
              onUpdate={ed.update}
              onCancel={ed.cancel}
              onDelete={onDelete}
            >
              {drag && <MoveButtons up={drag.up} down={drag.down} />}
              {extra}
            </RowEditButtons>
            {pending && <PendingMark />}
          </div>
        </td>
      )}
    </tr>
  );
}

/** Move up / Move down: reordering for keyboards and touch screens; disabled at either end. */
function MoveButtons({ up, down }: { up: (() => void) | undefined; down: (() => void) | undefined }) {
  const button = (label: TMoveLabel, arrow: string, onClick: (() => void) | undefined) => (
    <button
      type="button"
      className="btn icon"
      aria-label={label}
      title={label}
      disabled={!onClick}
      onClick={onClick}
    >
      {arrow}
    </button>
  );
  return (
    <>
      {button('Move up', '↑', up)}
      {button('Move down', '↓', down)}
    </>
  );
}

export function NewRow<T extends TRow>({
  table: { store, columns, editable },
  add,
  selecting,
  numbered,
  order,
}: {
  table: TTableParts<T>;
  add: TAddRow;
  selecting: boolean;
  numbered: boolean;
  /** The display order of a new row of an orderable table (after the last one). */
  order: number | undefined;
}) {
  const toast = useToast();
  const saved = useSaveReport();
  const [draft, setDraft] = useState<TDraft>(() => emptyDraft(editable));
  const [errors, setErrors] = useState<TDraftErrors>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!store || saving) return;
    const read = readDraft(editable, draft);
    setErrors(read.errors ?? {});
    if (read.errors) return;
    const values = {
      ...add.values,
      ...read.values,
      ...(order === undefined ? {} : { display_order: order }),
    };
    const typed = draft;
    setSaving(true);
    try {
      await saved(() => store.add(values), MSG.savedOk);
      // Cleared only if unchanged: text typed for the next row while this one saved is kept.
      setDraft((d) => (d === typed ? emptyDraft(editable) : d));
      add.onAdded?.(values);
    } catch (e) {
      toast.failed(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <tr className="new-row">
      {selecting && <td data-label="Select" aria-hidden="true" />}
      {numbered && <td data-label="No." aria-hidden="true" />}
      {columns.map((c) => (
        <td key={c.key} data-label={`New ${c.label}`}>
          {!c.readOnly && (
            <CellInput
              column={c}
              label={`New ${c.label}`}
              placeholder={c.label}
              value={draft[c.key] ?? ''}
              error={errors[c.key]}
              onChange={(v) => {
                setDraft((d) => ({ ...d, [c.key]: v }));
                setErrors((e) => ({ ...e, [c.key]: undefined }));
              }}
              onEnter={() => void save()}
            />
          )}
        </td>
      ))}
      <td data-label="Actions">
        <button type="button" className="btn primary" disabled={saving} onClick={() => void save()}>
          Add
        </button>
      </td>
    </tr>
  );
}
