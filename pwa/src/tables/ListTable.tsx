import type { ReactNode, Ref } from 'react';
import { ListStatusRow } from './useApiList.tsx';
import './list-table.css';

/**
 * The table every list uses: column headers, the spec's 'Loading....' / 'No Records found.' row, and a card
 * layout on phones. Cells give their column name in `data-label` for that layout.
 */
export function ListTable({
  columns,
  loading,
  empty,
  emptyText,
  className,
  caption,
  tableRef,
  busy = false,
  children,
}: {
  /** Header cells: column names, or a control (the row table's Select all box). */
  columns: readonly ReactNode[];
  loading: boolean;
  empty: boolean;
  emptyText?: string;
  className?: string;
  /** The table's accessible name, read by screen readers only. */
  caption?: string;
  tableRef?: Ref<HTMLTableElement>;
  /** Rows being saved (aria-busy): what shows may not be stored yet. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table
        className={`table stack${className ? ` ${className}` : ''}`}
        ref={tableRef}
        aria-busy={busy || undefined}
      >
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={typeof c === 'string' ? c : i} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <ListStatusRow loading={loading} empty={empty} colSpan={columns.length} emptyText={emptyText} />
          {!loading && children}
        </tbody>
      </table>
    </div>
  );
}
