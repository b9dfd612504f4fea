import { useMemo } from 'react';
import { formatDate } from '@lawfirm/shared-types/common/dates.ts';
import { Link } from 'react-router';
import { useEntityRows } from '../sync/hooks.ts';
import { useUsers } from '../case-files/useCaseFiles.ts';

type TAckRow = {
  id: string;
  petition_id: string;
  warning: string;
  updated_by?: string | null;
  updated_at?: string | null;
  deleted_at?: string | null;
};

/**
 * The admin's audit (issue 34): every possible conflict a user saved a case despite, newest first. Only
 * admins' devices receive these rows (the server's read rule), so the screen shows it to admins only.
 */
export function ConflictAcksAudit() {
  const rows = useEntityRows<TAckRow>('conflict_acks');
  const users = useUsers();
  const list = useMemo(
    () =>
      (rows ?? [])
        .filter((r) => !r.deleted_at)
        .sort((a, b) => (b.updated_at ?? '~').localeCompare(a.updated_at ?? '~')),
    [rows],
  );
  const nameOf = (id: string | null | undefined) => users?.find((u) => u.id === id)?.name ?? null;
  return (
    <section className="conflict-acks" aria-labelledby="conflict-acks-h">
      <h2 id="conflict-acks-h">Acknowledged Conflicts</h2>
      {!list.length ? (
        <p>No case was saved despite a possible conflict.</p>
      ) : (
        <ul>
          {list.map((r) => {
            const by = nameOf(r.updated_by);
            return (
              <li key={r.id}>
                <Link to={`/petitions/${encodeURIComponent(r.petition_id)}`}>{r.warning}</Link>
                <span className="muted">
                  {' '}
                  ({r.updated_at ? formatDate(r.updated_at.slice(0, 10)) : 'not synced yet'}
                  {by ? `, by ${by}` : ''})
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
