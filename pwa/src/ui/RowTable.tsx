import { useMemo, useState, type ReactNode } from 'react';
import { MSG } from '@lawfirm/shared-types';
import { ListTable } from '../tables/ListTable.tsx';
import { nextDisplayOrder } from '../tables/rowOrder.ts';
import { NewRow, Row, type TAddRow, type TColumn } from './RowTableRows.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { useFollowLink } from './useFollowLink.ts';
import { useRowOrdering } from './useRowOrdering.ts';
import { useRowSelection } from '../tables/useRowSelection.ts';
import { useRowStore, type TRemoveRow, type TRow } from './useRowStore.ts';
import './row-table.css';

export type { TAddRow, TColumn };

/**
 * The one table of synced rows edited row by row (DESIGN §3): courts, statutes, module types, petition index
 * items, replies, reply headings and attachments are this table with parameters. Rows are edited in place
 * (Edit, Update, Cancel; Enter saves, Escape cancels), deleted after the spec's prompt, and optionally added
 * in a bottom row, numbered, reordered by drag and drop or Move up / Move down, and ticked for Delete
 * Selected. Every write goes to the local database, so all of it works with no network.
 */

export type TRowTableProps<T extends TRow> = {
  /** The synced entity the rows belong to (shared-types CLIENT_ENTITIES). */
  entity: string;
  /** The table's accessible name. */
  caption?: string;
  columns: readonly TColumn<T>[];
  /** Rows to show, already filtered and sorted; undefined while loading. */
  rows: readonly T[] | undefined;
  /** May the user add, edit, delete and reorder? Others get a read-only table. */
  canEdit: boolean;
  /**
   * The bottom row that adds a record (`add` alone: with the columns' values only); left out where records
   * come from elsewhere (uploads).
   */
  add?: true | TAddRow;
  /** Deletes one row and what depends on it; removes just the row by default. */
  remove?: TRemoveRow<T>;
  /** A No. column numbering the rows by position. */
  numbered?: boolean;
  /** Drag and drop and Move up / Move down, stored as display_order; new rows go last. */
  orderable?: boolean;
  /** Tick boxes, Select all and Delete Selected; `rowLabel` names a row's box ('Select <label>'). */
  selection?: { rowLabel: (row: T) => string };
  /** The "Not synced yet" mark of a row; off where a column shows its own. */
  pendingMark?: boolean;
  /**
   * Undo after a confirmed delete (useUndoable): the rows leave the table at once and are deleted when the
   * notice titled `undoTitle(rows)` ends.
   */
  undoTitle?: (rows: readonly T[]) => string;
  /** A row's own extra actions (the courts' Merge into…), beside Edit and Delete for those who may edit. */
  rowActions?: (row: T) => ReactNode;
};

export function RowTable<T extends TRow>({
  entity,
  caption,
  columns,
  rows: given,
  canEdit,
  add,
  remove,
  numbered = false,
  orderable = false,
  selection,
  pendingMark = true,
  undoTitle,
  rowActions,
}: TRowTableProps<T>) {
  const store = useRowStore(entity);
  // Rows whose delete waits behind Undo.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const hide = (doomed: readonly T[], on: boolean) =>
    setHidden((h) => {
      const next = new Set(h);
      for (const r of doomed)
        if (on) next.add(r.id);
        else next.delete(r.id);
      return next;
    });
  const shown = useMemo(
    () => (given && hidden.size ? given.filter((r) => !hidden.has(r.id)) : given),
    [given, hidden],
  );
  // In the order last moved to, until the live rows show it.
  const ordering = useRowOrdering(store, shown);
  const rows = ordering.rows;
  const picks = useRowSelection(rows);
  // One prompt for a row's Delete and for Delete Selected.
  const remover = useConfirmedDelete<readonly T[]>(
    async (doomed) => {
      if (!store) throw new Error('The local database is not open yet.');
      await store.remove(doomed, remove);
    },
    MSG.deletedOk,
    (doomed) => picks.drop(doomed),
    undoTitle ? { undo: { title: undoTitle, hide: (d) => hide(d, true), show: (d) => hide(d, false) } } : {},
  );

  const selecting = canEdit && !!selection;
  const editable = useMemo(() => columns.filter((c) => !c.readOnly), [columns]);
  const follow = useFollowLink();
  const table = { store, columns, editable, follow };
  const count = rows?.length ?? 0;
  const headers: ReactNode[] = [
    ...(selecting
      ? [
          <input
            key="select-all"
            ref={picks.selectAllRef}
            type="checkbox"
            aria-label="Select all"
            checked={picks.all}
            onChange={(e) => picks.setAll(e.target.checked)}
          />,
        ]
      : []),
    ...(numbered ? ['No.'] : []),
    ...columns.map((c) => c.label),
    ...(canEdit ? ['Actions'] : []),
  ];
  return (
    <>
      {selecting && picks.selected.length > 0 && (
        <div className="list-head">
          <span>{picks.selected.length} selected</span>
          <button
            type="button"
            className="btn danger"
            disabled={remover.busy}
            onClick={() => remover.ask(picks.selected)}
          >
            Delete Selected
          </button>
        </div>
      )}
      <ListTable
        columns={headers}
        loading={rows === undefined}
        empty={count === 0}
        className="row-table"
        caption={caption}
        tableRef={ordering.tableRef}
        busy={ordering.saving}
      >
        {rows?.map((row, i) => {
          const draggable = canEdit && orderable;
          return (
            <Row
              key={row.id}
              table={table}
              row={row}
              canEdit={canEdit}
              pending={pendingMark && !!store?.pendingIds.has(row.id)}
              busy={remover.busy}
              onDelete={() => remover.ask([row])}
              extra={rowActions?.(row)}
              number={numbered ? i + 1 : undefined}
              pick={
                selecting
                  ? {
                      label: `Select ${selection.rowLabel(row)}`,
                      checked: picks.isPicked(row),
                      onChange: (on) => picks.toggle(row, on),
                    }
                  : undefined
              }
              drag={
                draggable
                  ? {
                      className: ordering.dragClass(row),
                      props: ordering.dragProps(row),
                      up: i > 0 ? () => ordering.step(row, i - 1, 'Move up') : undefined,
                      down: i < count - 1 ? () => ordering.step(row, i + 1, 'Move down') : undefined,
                    }
                  : undefined
              }
            />
          );
        })}
        {canEdit && add && rows && (
          <NewRow
            table={table}
            add={add === true ? {} : add}
            selecting={selecting}
            numbered={numbered}
            order={orderable ? nextDisplayOrder(rows) : undefined}
          />
        )}
      </ListTable>
      {remover.dialog}
    </>
  );
}
