import type { TPendingCase } from '../caseFiles.logic.ts';

const COLUMNS = ['Library No.', 'Title', 'Case No.', 'Court'] as const;

/** The Pending Cases table of the dialog and of the print view. */
export function PendingCasesTable({ rows }: { rows: readonly TPendingCase[] | undefined }) {
  return (
    <div className="table-scroll">
      <table className="table pending-table">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {!rows?.length ? (
            <tr>
              <td colSpan={COLUMNS.length} role="status">
                {rows ? 'No Pending Cases found.' : 'Loading....'}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.id}>
                <td>{r.libraryNo}</td>
                <td>{r.title}</td>
                <td>{r.caseNo}</td>
                <td>{r.court}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
