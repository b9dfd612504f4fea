import { RowEditButtons } from '../ui/RowEditButtons.tsx';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { v7 } from 'uuid';
import { MSG } from '@lawfirm/shared-types';
import { putLocal } from '../sync/actions.ts';
import type { LocalDb, TRow } from '../sync/db.ts';
import { usePendingIds, useSync } from '../sync/hooks.ts';
import { useToast } from '../ui/toast.tsx';
import { useConfirmedDelete } from '../ui/useConfirmedDelete.tsx';
import { ListStatusRow } from '../ui/useApiList.tsx';
import '../ui/list-table.css';
import { saveOrderLocal } from './caseDocuments.actions.ts';
import { nextDisplayOrder, reorderChanges } from './documents.logic.ts';
import {
  emptyDraft,
  fieldText,
  fieldForm,
  hasErrors,
  validateDraft,
  valuesOf,
  type TDraft,
  type TDraftErrors,
  type TField,
} from './fields.ts';
import { FieldInput } from './FieldInput.tsx';
import { useRowEditor } from '../ui/useRowEditor.ts';
import './case-documents.css';

/**
 * The one table of ordered, inline-edited rows (DESIGN §3): petition index items, replies and reply headings
 * are this table with different columns. Rows are numbered by position, edited in place, deleted after the
 * spec's prompt, added in a bottom row and reordered by drag and drop or, for keyboards and touch screens,
 * with Move up / Move down. Every write goes to the local database, so all of it works offline.
 */

export type TOrderedColumn = TField & {
  /** In view mode the cell is a link to this path. */
  linkTo?: (row: TRow) => string;
};

type TProps<T extends TRow> = {
  entity: string;
  /** The table's accessible name. */
  caption: string;
  columns: readonly TOrderedColumn[];
  /** Rows in display order; undefined while loading. */
  rows: readonly T[] | undefined;
  canEdit: boolean;
  /** Values every new row carries besides the columns (its petition, its heading). */
  newRowValues: Record<string, unknown>;
  /** Deletes a row and what depends on it. */
  remove: (db: LocalDb, row: T) => Promise<unknown>;
};

type TMoveLabel = 'Move up' | 'Move down';

export function OrderedTable<T extends TRow>({
  entity,
  caption,
  columns,
  rows,
  canEdit,
  newRowValues,
  remove,
}: TProps<T>) {
  const ctx = useSync();
  const toast = useToast();
  const pendingIds = usePendingIds(entity);
  const remover = useConfirmedDelete<T>(
    async (row) => {
      if (!ctx) throw new Error('The local database is not open yet.');
      await remove(ctx.db, row);
    },
    MSG.deletedOk,
    () => undefined,
  );
  const [drag, setDrag] = useState<{ id: string; over: string | null } | null>(null);
  // After Move up/down the row is re-rendered elsewhere: put the focus back on the same button.
  const refocus = useRef<{ id: string; label: TMoveLabel } | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useEffect(() => {
    const r = refocus.current;
    if (!r || !tableRef.current) return;
    const tr = tableRef.current.querySelector(`tr[data-row-id="${CSS.escape(r.id)}"]`);
    const wanted = tr?.querySelector<HTMLButtonElement>(`button[aria-label="${r.label}"]`);
    const other = tr?.querySelector<HTMLButtonElement>(
      `button[aria-label="${r.label === 'Move up' ? 'Move down' : 'Move up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    refocus.current = null;
  }, [rows]);

  const move = async (from: number, to: number) => {
    if (!ctx || !rows) return;
    try {
      const changes = reorderChanges(rows, from, to);
      await saveOrderLocal(ctx.db, entity, changes);
      if (changes.length) toast.success(MSG.updatedOk);
    } catch (e) {
      toast.failed(e);
    }
  };
  const indexOf = (id: string) => rows?.findIndex((r) => r.id === id) ?? -1;

  const dragProps = (row: T) => ({
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.setData('text/plain', row.id);
      e.dataTransfer.effectAllowed = 'move';
      setDrag({ id: row.id, over: null });
    },
    onDragOver: (e: DragEvent) => {
      if (!drag) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (drag.over !== row.id) setDrag({ ...drag, over: row.id });
    },
    onDrop: (e: DragEvent) => {
      if (!drag) return;
      e.preventDefault();
      const from = indexOf(drag.id);
      setDrag(null);
      void move(from, indexOf(row.id));
    },
    onDragEnd: () => setDrag(null),
  });

  const headers = ['No.', ...columns.map((c) => c.label), ...(canEdit ? ['Actions'] : [])];
  const count = rows?.length ?? 0;
  return (
    <>
      <div className="table-scroll">
        <table className="table stack ordered-table" ref={tableRef}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <ListStatusRow loading={rows === undefined} empty={count === 0} colSpan={headers.length} />
            {rows?.map((row, i) => (
              <OrderedRow
                key={row.id}
                entity={entity}
                pending={pendingIds.has(row.id)}
                columns={columns}
                row={row}
                position={i}
                count={count}
                canEdit={canEdit}
                busy={remover.busy}
                onDelete={remover.ask}
                onMove={(to, label) => {
                  refocus.current = { id: row.id, label };
                  void move(i, to);
                }}
                dragClass={drag?.id === row.id ? 'dragging' : drag?.over === row.id ? 'drop-target' : ''}
                dragProps={dragProps(row)}
              />
            ))}
            {canEdit && rows && (
              <NewRow entity={entity} columns={columns} extra={newRowValues} order={nextDisplayOrder(rows)} />
            )}
          </tbody>
        </table>
      </div>
      {remover.dialog}
    </>
  );
}

/** Shown until the server has confirmed this row's last change (it may still be refused or conflict). */
export function PendingMark() {
  return (
    <span className="badge warn" title="Saved on this device; it goes to the server when online.">
      Not synced yet
    </span>
  );
}

function ViewCell({ column, row }: { column: TOrderedColumn; row: TRow }) {
  const text = fieldText(column, row[column.key]);
  if (!column.linkTo) return text;
  return <Link to={column.linkTo(row)}>{text || '(untitled)'}</Link>;
}

function OrderedRow<T extends TRow>({
  entity,
  columns,
  row,
  position,
  count,
  canEdit,
  busy,
  onDelete,
  onMove,
  dragClass,
  dragProps,
  pending,
}: {
  entity: string;
  pending: boolean;
  columns: readonly TOrderedColumn[];
  row: T;
  position: number;
  count: number;
  canEdit: boolean;
  busy: boolean;
  onDelete: (row: T) => void;
  onMove: (to: number, label: TMoveLabel) => void;
  dragClass: string;
  dragProps: Record<string, (e: DragEvent) => void>;
}) {
  const ed = useRowEditor(entity, row, fieldForm(columns));
  const draggable = canEdit && !ed.editing;
  return (
    <tr
      data-row-id={row.id}
      className={[draggable ? 'draggable' : '', dragClass].filter(Boolean).join(' ') || undefined}
      draggable={draggable}
      {...(draggable ? dragProps : {})}
    >
      {/* One child per cell: on phones each cell is a two-column grid (label, value). */}
      <td data-label="No.">
        <span>
          {draggable && (
            <span className="drag-handle" aria-hidden="true" title="Drag to reorder">
              ⠿
            </span>
          )}
          {position + 1}
        </span>
      </td>
      {columns.map((c, i) => (
        <td key={c.key} data-label={c.label}>
          {ed.editing ? (
            <FieldInput
              field={c}
              label={c.label}
              value={ed.editing.draft[c.key] ?? ''}
              error={ed.editing.errors[c.key]}
              autoFocus={i === 0}
              onChange={(v) => ed.setField(c.key, v)}
              onEnter={() => void ed.update()}
              onEscape={ed.cancel}
            />
          ) : (
            <span>
              <ViewCell column={c} row={row} />
              {!canEdit && i === columns.length - 1 && pending && (
                <>
                  {' '}
                  <PendingMark />
                </>
              )}
            </span>
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
              onDelete={() => onDelete(row)}
            >
              <button
                type="button"
                className="btn icon"
                aria-label="Move up"
                title="Move up"
                disabled={position === 0}
                onClick={() => onMove(position - 1, 'Move up')}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn icon"
                aria-label="Move down"
                title="Move down"
                disabled={position === count - 1}
                onClick={() => onMove(position + 1, 'Move down')}
              >
                ↓
              </button>
            </RowEditButtons>
            {pending && <PendingMark />}
          </div>
        </td>
      )}
    </tr>
  );
}

function NewRow({
  entity,
  columns,
  extra,
  order,
}: {
  entity: string;
  columns: readonly TOrderedColumn[];
  extra: Record<string, unknown>;
  order: number;
}) {
  const ctx = useSync();
  const toast = useToast();
  const [draft, setDraft] = useState<TDraft>(() => emptyDraft(columns));
  const [errors, setErrors] = useState<TDraftErrors>({});
  const [saving, setSaving] = useState(false);

  const add = async () => {
    if (!ctx || saving) return;
    const errs = validateDraft(columns, draft);
    setErrors(errs);
    if (hasErrors(errs)) return;
    const saved = draft;
    setSaving(true);
    try {
      // The id is made on the device, so the row exists at once with no network (DESIGN §4).
      await putLocal(ctx.db, entity, v7(), { ...extra, ...valuesOf(columns, draft), display_order: order });
      // Cleared only if unchanged: text typed for the next row while this one saved is kept.
      setDraft((d) => (d === saved ? emptyDraft(columns) : d));
      toast.success(MSG.savedOk);
    } catch (e) {
      toast.failed(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <tr className="new-row">
      <td data-label="No." aria-hidden="true" />
      {columns.map((c) => (
        <td key={c.key} data-label={`New ${c.label}`}>
          <FieldInput
            field={c}
            label={`New ${c.label}`}
            placeholder={c.label}
            value={draft[c.key] ?? ''}
            error={errors[c.key]}
            onChange={(v) => {
              setDraft((d) => ({ ...d, [c.key]: v }));
              setErrors((e) => ({ ...e, [c.key]: undefined }));
            }}
            onEnter={() => void add()}
          />
        </td>
      ))}
      <td data-label="Actions">
        <button type="button" className="btn primary" disabled={saving} onClick={() => void add()}>
          Add
        </button>
      </td>
    </tr>
  );
}
