import { useMemo } from 'react';
import { formatDate, MSG, type TContactRequest } from '@lawfirm/shared-types';
import { deleteLocal } from '../sync/actions.ts';
import { useEntityRows, useSync, useSyncStatus } from '../sync/hooks.ts';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';

export function ContactRequestsScreen() {
  return (
    <ScreenGuard permission="contactRequests.manage">
      <ContactRequestsList />
    </ScreenGuard>
  );
}

/** Newest first, as the server lists them. */
const newestFirst = (a: TContactRequest, b: TContactRequest) =>
  compareCodes(b.created_at ?? '', a.created_at ?? '') || compareCodes(b.id, a.id);

/** Read from the device's copy (so it opens offline); a delete is queued and sent by the sync engine. */
function ContactRequestsList() {
  const ctx = useSync();
  const all = useEntityRows<TContactRequest & { id: string }>('contact_requests');
  // Before the first download finishes an empty table would wrongly say 'No Records found.'.
  const { lastSyncAt } = useSyncStatus();
  const loading = all === undefined || (all.length === 0 && lastSyncAt === null);
  const rows = useMemo(() => [...(all ?? [])].sort(newestFirst), [all]);
  const remover = useConfirmedDelete<string>(
    async (id) => {
      if (!ctx) throw new Error('Your data is still opening. Try again in a moment.');
      await deleteLocal(ctx.db, 'contact_requests', id);
    },
    MSG.deletedOk,
    () => undefined,
  );
  return (
    <section className="page">
      <h1>Contact Requests</h1>
      <ListTable
        columns={['Name', 'Email', 'Subject', 'Message', 'Created', 'Actions']}
        loading={loading}
        empty={rows.length === 0}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td data-label="Name">{r.name}</td>
            <td data-label="Email" style={{ overflowWrap: 'anywhere' }}>
              {r.email}
            </td>
            <td data-label="Subject">{r.subject}</td>
            <td data-label="Message" style={{ whiteSpace: 'pre-wrap' }}>
              {r.message}
            </td>
            <td data-label="Created">{formatDate(r.created_at)}</td>
            <td data-label="Actions">
              <button
                type="button"
                className="btn danger"
                disabled={remover.busy}
                onClick={() => remover.ask(r.id)}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      {remover.dialog}
    </section>
  );
}
