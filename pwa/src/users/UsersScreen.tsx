import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { deleteLocal } from '../sync/actions.ts';
import { useEntityRows, useSync, useSyncStatus } from '../sync/hooks.ts';
import { FiltersButton, FiltersRegion, useFiltersFold } from '../tables/FiltersFold.tsx';
import { PageControls } from '../tables/Paginator.tsx';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { UserRow } from './UserRow.tsx';
import { EMPTY_FILTERS, UserSearchForm, type TUserFilters } from './UserSearchForm.tsx';
import { ALL_ROLES, filterUsers, pageOf, sortUsers, type TUserRow } from './users.local.ts';

/** How many of the search's fields narrow the list (the button folding them away says so). */
const activeFilters = (f: TUserFilters): number =>
  (Object.keys(EMPTY_FILTERS) as (keyof TUserFilters)[]).filter((k) => f[k] !== EMPTY_FILTERS[k]).length;

export function UsersScreen() {
  return (
    <ScreenGuard permission="users.manage">
      <UsersList />
    </ScreenGuard>
  );
}

/**
 * An admin's device holds every user of the firm, so the list filters and pages on the device and works
 * offline; approvals, quick edits and deletes are queued and sent by the sync engine.
 */
function UsersList() {
  const ctx = useSync();
  const all = useEntityRows<TUserRow>('users');
  // Before the first download finishes an empty table would wrongly say 'No Records found.'.
  const { lastSyncAt } = useSyncStatus();
  const loading = all === undefined || (all.length === 0 && lastSyncAt === null);
  const [filters, setFilters] = useState<TUserFilters>(EMPTY_FILTERS);
  // On a phone the users come first; the search form waits behind Filters.
  const fold = useFiltersFold();
  const [page, setPage] = useState(1);
  // Rows changed from this list stay until the next search even if they no longer match it (a user approved
  // from the "Pending Approval" list): the new state shows where the admin clicked, with Block to undo it.
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set());
  const keep = (id: string) => setKept((k) => (k.has(id) ? k : new Set(k).add(id)));
  const paged = useMemo(() => {
    if (!all) return undefined;
    const matching = new Set(filterUsers(all, filters).map((u) => u.id));
    return pageOf(sortUsers(all.filter((u) => matching.has(u.id) || kept.has(u.id))), page);
  }, [all, filters, kept, page]);

  const remover = useConfirmedDelete<TUserRow>(
    async (u) => {
      if (!ctx) throw new Error('Your data is still opening. Try again in a moment.');
      await deleteLocal(ctx.db, 'users', u.id);
    },
    'User Deleted Successfully!',
    () => undefined,
  );

  const search = (f: TUserFilters) => {
    setFilters(f);
    setPage(1);
    setKept(new Set());
  };

  const rows = paged?.data ?? [];
  return (
    <section className="page">
      <div className="row-between">
        <h1>Users</h1>
        <div className="head-actions">
          <FiltersButton fold={fold} active={activeFilters(filters)} />
          <Link className="btn primary" to="/users/create">
            New User
          </Link>
        </div>
      </div>
      <FiltersRegion fold={fold}>
        <UserSearchForm roles={ALL_ROLES} onSearch={search} />
      </FiltersRegion>
      <ListTable
        columns={['Name', 'Email', 'Registered at', 'Actions']}
        loading={loading}
        empty={rows.length === 0}
      >
        {rows.map((u) => (
          <UserRow key={u.id} user={u} onChanged={keep} onDelete={remover.ask} />
        ))}
      </ListTable>
      <PageControls page={loading ? undefined : paged} loading={loading} onPage={setPage} />
      {remover.dialog}
    </section>
  );
}
