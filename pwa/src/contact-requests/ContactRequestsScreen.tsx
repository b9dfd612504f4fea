import { formatDate, MSG, type TContactRequest } from '@lawfirm/shared-types';
import { api } from '../ui/api.ts';
import { ScreenGuard } from '../ui/ScreenGuard.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { useApiList } from '../ui/useApiList.tsx';
import { useConfirmedDelete } from '../ui/useConfirmedDelete.tsx';

export function ContactRequestsScreen() {
  return (
    <ScreenGuard permission="contactRequests.manage">
      <ContactRequestsList />
    </ScreenGuard>
  );
}

function ContactRequestsList() {
  const list = useApiList<{ contact_requests: TContactRequest[] }>('/api/get_contact_requests');
  // rest-contract #9: a POST, not a DELETE, in the original API.
  const remover = useConfirmedDelete<string>(
    (id) => api(`/api/delete_contact_request/${encodeURIComponent(id)}`, { method: 'POST' }),
    MSG.deletedOk,
    list.reload,
  );
  const rows = list.data?.contact_requests ?? [];
  return (
    <section className="page">
      <h1>Contact Requests</h1>
      <ListTable
        columns={['Name', 'Email', 'Subject', 'Message', 'Created', 'Actions']}
        loading={list.loading}
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
