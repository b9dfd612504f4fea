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
  children,
}: {
  columns: readonly string[];
  loading: boolean;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className="table stack">
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
          <ListStatusRow loading={loading} empty={empty} colSpan={columns.length} />
          {!loading && children}
        </tbody>
      </table>
    </div>
  );
}
