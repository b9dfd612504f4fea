import { ListTable } from '../../tables/ListTable.tsx';
import type { TPendingCase } from '../caseFiles.logic.ts';

const COLUMNS = ['Library No.', 'Title', 'Case No.', 'Court'] as const;

/** The Pending Cases table of the dialog and of the print view. */
export function PendingCasesTable({ rows }: { rows: readonly TPendingCase[] | undefined }) {
  return (
    <ListTable
      columns={COLUMNS}
      loading={rows === undefined}
      empty={rows?.length === 0}
      emptyText="No Pending Cases found."
      className="pending-table"
    >
      {rows?.map((r) => (
        <tr key={r.id}>
          <td data-label="Library No.">{r.libraryNo}</td>
          <td data-label="Title">{r.title}</td>
          <td data-label="Case No.">{r.caseNo}</td>
          <td data-label="Court">{r.court}</td>
        </tr>
      ))}
    </ListTable>
  );
}
