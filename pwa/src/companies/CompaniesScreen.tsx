import { Link } from 'react-router';
import type { TCompany } from '@lawfirm/shared-types';
import { api } from '../http/client.ts';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { useApiList } from '../tables/useApiList.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { EditDeleteCell } from '../tables/EditDeleteCell.tsx';

type TCompanyRow = Pick<TCompany, 'id' | 'name' | 'domain'>;

export function CompaniesScreen() {
  return (
    <ScreenGuard permission="companies.manage">
      <CompaniesList />
    </ScreenGuard>
  );
}

function CompaniesList() {
  const list = useApiList<{ companies: TCompanyRow[] }>('/api/companies');
  const remover = useConfirmedDelete<string>(
    (id) => api(`/api/companies/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    'Deleted Successfully!',
    list.reload,
  );
  const rows = list.data?.companies ?? [];
  return (
    <section className="page">
      <div
        style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}
      >
        <h1>Companies</h1>
        <Link className="btn primary" to="/create-company">
          Create New Company
        </Link>
      </div>
      <ListTable
        columns={['Company Name', 'Company Domain', 'Actions']}
        loading={list.loading}
        empty={rows.length === 0}
      >
        {rows.map((c) => (
          <tr key={c.id}>
            <td data-label="Company Name">{c.name}</td>
            <td data-label="Company Domain" style={{ overflowWrap: 'anywhere' }}>
              {c.domain}
            </td>
            <EditDeleteCell
              editTo={`/company/edit/${encodeURIComponent(c.id)}`}
              onDelete={() => remover.ask(c.id)}
              busy={remover.busy}
              before={
                <Link className="btn" to={`/register-company-admin/${encodeURIComponent(c.id)}`}>
                  Add Admin
                </Link>
              }
            />
          </tr>
        ))}
      </ListTable>
      {remover.dialog}
    </section>
  );
}
