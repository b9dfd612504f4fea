import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG } from '@lawfirm/shared-types';
import type { TPageKind } from '@lawfirm/shared-types/library/page-kinds.ts';
import { cut80 } from '@lawfirm/shared-types/library/page-text.ts';
import { useLocalFile } from '../attachments/useLocalFile.ts';
import { deleteLocal } from '../sync/actions.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { readDexie } from '../sync/db-access.ts';
import { useEntityRows, useLiveQuery, usePendingIds, useSync } from '../sync/hooks.ts';
import { EditDeleteCell } from '../tables/EditDeleteCell.tsx';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { Paginator } from '../tables/Paginator.tsx';
import { PendingMark } from '../feedback/PendingMark.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { LibrarySearch } from './LibrarySearch.tsx';
import { publicPath } from './pagePaths.ts';
import {
  FILES_TABLE,
  NoAccess,
  textOf,
  titleOf,
  useCanManage,
  type TFileRow,
  type TPage,
} from './pageCommon.tsx';
import { loadPageList, PAGE_SIZE, pageListKey } from './pageList.data.ts';
import './library.css';
import { compareNatural } from '@lawfirm/shared-types/common/natural-order.ts';

/** Rows whose text columns contain every filled filter (case-insensitive); ids are matched exactly. */
function filtered(rows: readonly TPage[], filters: Record<string, string>): TPage[] {
  const active = Object.entries(filters).filter(([, v]) => v.trim());
  return rows.filter((r) =>
    active.every(([k, v]) =>
      k.endsWith('_id') ? r[k] === v : textOf(r[k]).toLowerCase().includes(v.trim().toLowerCase()),
    ),
  );
}

/** The first image of a page, as the cards show it (downloaded for offline reading while online). */
function Thumbnail({ file }: { file: TFileRow | undefined }) {
  if (!file || !file.mime_type.startsWith('image/'))
    return <div className="page-card-thumb" aria-hidden="true" />;
  return <LoadedThumbnail file={file} />;
}
function LoadedThumbnail({ file }: { file: TFileRow }) {
  const state = useLocalFile(file.sha256, file.file_name);
  return (
    <div className="page-card-thumb">
      {state.status === 'ready' && <img src={state.url} alt="" loading="lazy" />}
    </div>
  );
}

const FILTER_LABELS: Record<string, string> = {
  case_title: 'Proposition',
  keywords: 'Keyword',
  title: 'Title',
  contract_category_id: 'Category',
};

/** A library list (part 2 §2.7 as a table, part 3 §2.7–2.8 as cards), its filters and the library search. */
export function PageList({ kind }: { kind: TPageKind }) {
  const { read, manage } = useCanManage();
  const ctx = useSync();
  const files = useEntityRows<TFileRow>(FILES_TABLE);
  const categories = useEntityRows<TPage>(
    'contract_categories',
    kind.name === 'contracts_and_agreements' ? undefined : null,
  );
  const pending = usePendingIds(kind.name);
  const fields = useMemo<TField[]>(
    () =>
      kind.rest.filters.map((f) =>
        f === 'contract_category_id'
          ? {
              key: f,
              label: FILTER_LABELS[f]!,
              kind: 'select',
              placeholder: 'All categories',
              options: (categories ?? []).map((c) => ({ value: c.id, label: textOf(c.title) })),
            }
          : { key: f, label: FILTER_LABELS[f] ?? f },
      ),
    [kind, categories],
  );
  // Filters are a query, not the user's work: leaving never asks.
  const form = useFieldForm(fields, () => Object.fromEntries(kind.rest.filters.map((f) => [f, ''])), {
    unguarded: true,
  });
  const filters = form.draft;
  const [pageNo, setPageNo] = useState(1);
  const filtering = Object.values(filters).some((v) => v.trim());
  // With no filter, only the page shown is read, in title order from its index (a library of thousands opens
  // at once); a filter reads every row of the kind and matches within them.
  const all = useEntityRows<TPage>(kind.name, filtering ? undefined : null);
  // The first page of a list opened cold comes from the read the app started as it booted (pageList.data.ts).
  const { user } = useAuth();
  const livePage = useLiveQuery(
    async () => (ctx && !filtering ? loadPageList(readDexie(ctx.db), kind, pageNo) : undefined),
    [ctx, filtering, kind, pageNo],
    user && pageNo === 1 && !filtering ? pageListKey(user.id, kind) : undefined,
  );
  const paged = livePage?.kind === kind.name && livePage.pageNo === pageNo ? livePage : undefined;
  const setFilter = (key: string, text: string) => {
    form.set(key, text);
    setPageNo(1);
  };
  const del = useConfirmedDelete(
    async (row: TPage) => {
      if (ctx) await deleteLocal(ctx.db, kind.name, row.id);
    },
    MSG.deletedOk,
    () => undefined,
  );
  const firstFile = useMemo(() => {
    const m = new Map<string, TFileRow>();
    for (const f of [...(files ?? [])].sort(
      (a, b) => Number(a.display_order ?? 0) - Number(b.display_order ?? 0),
    ))
      if (!m.has(f.owner_id) && f.mime_type.startsWith('image/')) m.set(f.owner_id, f);
    return m;
  }, [files]);
  if (!read) return <NoAccess />;
  const rows = filtering ? all : paged?.rows;
  const matching = filtering
    ? filtered(all ?? [], filters).sort((a, b) => compareNatural(titleOf(kind, a), titleOf(kind, b)))
    : null;
  const total = matching ? matching.length : (paged?.count ?? 0);
  // A page of the list at a time: a firm's library runs to thousands of pages.
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(pageNo, lastPage);
  const shown = matching
    ? matching.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)
    : (paged?.rows ?? []);
  const isTable = kind.name === 'general_case_laws';
  const editTo = (row: TPage) => kind.routes.edit.replace(`:${kind.routes.param}`, row.id);
  const view = (row: TPage) => (
    <a className="tap-link" href={publicPath(kind, row)} target="_blank" rel="noopener noreferrer">
      View
    </a>
  );

  let list: ReactNode;
  if (isTable)
    list = (
      <ListTable
        caption={kind.titles.list}
        columns={['Proposition', 'Keywords', 'Legal Provisions', 'Action']}
        loading={rows === undefined}
        empty={shown.length === 0}
      >
        {shown.map((row) => (
          <tr key={row.id}>
            <td data-label="Proposition">
              {titleOf(kind, row)}
              {pending.has(row.id) && <PendingMark />}
            </td>
            <td data-label="Keywords">{textOf(row.keywords)}</td>
            <td data-label="Legal Provisions">{cut80(textOf(row.legal_provisions))}</td>
            <EditDeleteCell
              label="Action"
              before={view(row)}
              editTo={manage ? editTo(row) : null}
              onDelete={manage ? () => del.ask(row) : null}
              busy={del.busy}
              name={titleOf(kind, row)}
            />
          </tr>
        ))}
      </ListTable>
    );
  else if (rows === undefined) list = <p role="status">Loading....</p>;
  else if (!shown.length) list = <p role="status">No Records found.</p>;
  else
    list = (
      <ul className="page-cards" aria-label={kind.titles.list}>
        {shown.map((row) => (
          <li key={row.id} className="page-card card">
            <Thumbnail file={firstFile.get(row.id)} />
            <div className="page-card-body">
              <h2 className="page-card-title">
                {titleOf(kind, row)}
                {pending.has(row.id) && <PendingMark />}
              </h2>
              <p className="page-card-excerpt">
                {cut80(textOf(row.plain_content) || textOf(row.content).replace(/<[^>]*>/g, ' '))}
              </p>
              <div className="row-actions">
                {view(row)}
                {manage && (
                  <>
                    <Link className="btn" to={editTo(row)} aria-label={`Edit ${titleOf(kind, row)}`}>
                      Edit
                    </Link>
                    <button
                      type="button"
                      className="btn danger"
                      disabled={del.busy}
                      aria-label={`Delete ${titleOf(kind, row)}`}
                      onClick={() => del.ask(row)}
                    >
                      Delete
                    </button>
                  </>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="page">
      <div className="row-between">
        <h1>{kind.titles.list}</h1>
        {manage && (
          <Link className="btn primary" to={kind.routes.create}>
            {kind.titles.button}
          </Link>
        )}
      </div>
      <LibrarySearch />
      <form
        className="filters card"
        role="search"
        aria-label={`Filter ${kind.titles.list}`}
        onSubmit={(e) => e.preventDefault()}
      >
        {kind.rest.filters.map((f) => (
          <Field key={f} {...form.bind(f)} onChange={(v) => setFilter(f, v)} />
        ))}
        <button
          type="button"
          className="btn"
          onClick={() => {
            form.reset();
            setPageNo(1);
          }}
        >
          Reset
        </button>
      </form>
      {total > 0 && (
        <p className="muted" role="status">
          Showing from {(current - 1) * PAGE_SIZE + 1} to {(current - 1) * PAGE_SIZE + shown.length} of{' '}
          {total}
        </p>
      )}
      {list}
      <Paginator current_page={current} last_page={lastPage} onPage={setPageNo} />
      {del.dialog}
    </section>
  );
}
