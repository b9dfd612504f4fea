import type { ReactNode } from 'react';
import { ListStatusRow } from './useApiList.tsx';
import './list-table.css';

/**
 * The table every admin list uses: column headers, the spec's 'Loading....' / 'No Records found.' row, and
 * a card layout on phones. Cells give their column name in `data-label` for that layout.
 */
export function ListTable({
  columns,
  loading,
  empty,
  emptyText,
  className,
  children,
}: {
  columns: readonly string[];
  loading: boolean;
  empty: boolean;
  emptyText?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className={`table stack${className ? ` ${className}` : ''}`}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
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
