import { useState } from 'react';
import { Link } from 'react-router';
import type { TRole, TUser, TUserListResponse } from '@lawfirm/shared-types';
import { PageControls } from '../ui/Paginator.tsx';
import { ScreenGuard } from '../ui/ScreenGuard.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { useApiList } from '../ui/useApiList.tsx';
import { useConfirmedDelete } from '../ui/useConfirmedDelete.tsx';
import { UserRow } from './UserRow.tsx';
import { EMPTY_FILTERS, UserSearchForm, type TUserFilters } from './UserSearchForm.tsx';
import { deleteUser } from './users.api.ts';

export function UsersScreen() {
  return (
    <ScreenGuard permission="users.manage">
      <UsersList />
    </ScreenGuard>
  );
}

function UsersList() {
  const [filters, setFilters] = useState<TUserFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const list = useApiList<TUserListResponse>('/api/users', {
    name: filters.name.trim(),
    email: filters.email.trim(),
    role_id: filters.role_id,
    is_approved: filters.is_approved,
    is_moot_student: filters.is_moot_student ? 1 : undefined,
    page,
  });
  // useApiList keeps the last answer while the next loads, so the role dropdown never empties mid-search.
  const roles: TRole[] = list.data?.roles ?? [];

  const remover = useConfirmedDelete<TUser>(
    (u) => deleteUser(u.id),
    'User Deleted Successfully!',
    list.reload,
  );

  const replaceRow = (next: TUser) =>
    list.setData((d) =>
      d ? { ...d, users: { ...d.users, data: d.users.data.map((u) => (u.id === next.id ? next : u)) } } : d,
    );

  const search = (f: TUserFilters) => {
    setFilters(f);
    setPage(1);
    // The same filters again (Search pressed twice) still refreshes the list.
    list.reload();
  };

  const paged = list.data?.users;
  const rows = paged?.data ?? [];
  return (
    <section className="page">
      <div
        style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}
      >
        <h1>Users</h1>
        <Link className="btn primary" to="/users/create">
          New User
        </Link>
      </div>
      <UserSearchForm roles={roles} onSearch={search} />
      <ListTable
        columns={['Name', 'Email', 'Registered at', 'Actions']}
        loading={list.loading}
        empty={rows.length === 0}
      >
        {rows.map((u) => (
          <UserRow key={u.id} user={u} onChange={replaceRow} onDelete={remover.ask} />
        ))}
      </ListTable>
      <PageControls page={paged} loading={list.loading} onPage={setPage} />
      {remover.dialog}
    </section>
  );
}
