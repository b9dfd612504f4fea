import { lazy, Suspense, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { v7 } from 'uuid';
import { MSG } from '@lawfirm/shared-types';
import {
  contractsDecl,
  cut80,
  MSG_LIBRARY_FILE_TYPES,
  pleadingsDecl,
  propositionsDecl,
  type TPageKind,
} from '@lawfirm/shared-types/library/pages.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useLocalFile } from '../case-documents/useLocalFile.ts';
import { checkFile } from '../case-documents/sniff.ts';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import { storeLocalFile, type TStoredFile } from '../sync/attachments.ts';
import type { TRow } from '../sync/db.ts';
import { syncTables } from '../sync/rebase.ts';
import { useEntityRow, useEntityRows, useLiveQuery, usePendingIds, useSync } from '../sync/hooks.ts';
import { EditDeleteCell } from '../ui/EditDeleteCell.tsx';
import {
  CheckboxField,
  FieldFrame,
  FormField,
  SelectField,
  TextField,
  useForm,
  zodFieldErrors,
} from '../ui/form.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { Paginator } from '../ui/Paginator.tsx';
import { PendingMark } from '../ui/PendingMark.tsx';
import { useToast } from '../ui/toast.tsx';
import { useConfirmedDelete } from '../ui/useConfirmedDelete.tsx';
import { useSaveReport } from '../ui/useSaveReport.ts';
import { LibrarySearch } from './LibrarySearch.tsx';
import { publicPath } from './pagePaths.ts';
import './library.css';

const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor.tsx')).RichTextEditor }));

const DECLS = {
  general_case_laws: propositionsDecl,
  contracts_and_agreements: contractsDecl,
  sample_pleadings: pleadingsDecl,
} as const;

type TPage = TRow & Record<string, unknown>;
type TFileRow = TRow & { owner_id: string; sha256: string; file_name: string; mime_type: string };

const PAGE_SIZE = 50;

const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');
const titleOf = (kind: TPageKind, row: TPage) => textOf(row[kind.titleColumn]);

function useCanManage(kind: TPageKind) {
  const { actor } = useAuth();
  const policy = DECLS[kind.name as keyof typeof DECLS].policy;
  return {
    read: !!actor && policy.readScope(actor) !== 'none',
    manage: !!actor && policy.canCreate(actor),
  };
}

const NoAccess = () => (
  <section className="page">
    <p role="alert">You do not have access to this page.</p>
  </section>
);

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

/** A library list (part 2 §2.7 as a table, part 3 §2.7–2.8 as cards), its filters and the library search. */
export function PageList({ kind }: { kind: TPageKind }) {
  const { read, manage } = useCanManage(kind);
  const ctx = useSync();
  const files = useEntityRows<TFileRow>('library_files');
  const categories = useEntityRows<TPage>(
    'contract_categories',
    kind.name === 'contracts_and_agreements' ? undefined : null,
  );
  const pending = usePendingIds(kind.name);
  const [filters, setFiltersNow] = useState<Record<string, string>>(() =>
    Object.fromEntries(kind.rest.filters.map((f) => [f, ''])),
  );
  const [pageNo, setPageNo] = useState(1);
  const filtering = Object.values(filters).some((v) => v.trim());
  // With no filter, only the page shown is read, in title order from its index (a library of thousands opens
  // at once); a filter reads every row of the kind and matches within them.
  const all = useEntityRows<TPage>(kind.name, filtering ? undefined : null);
  const paged = useLiveQuery(async () => {
    if (!ctx || filtering) return undefined;
    const table = ctx.db.rows(kind.name);
    const [count, rows] = await Promise.all([
      table.count(),
      table
        .orderBy(kind.titleColumn)
        .offset((pageNo - 1) * PAGE_SIZE)
        .limit(PAGE_SIZE)
        .toArray() as Promise<TPage[]>,
    ]);
    return { count, rows };
  }, [ctx, filtering, kind, pageNo]);
  const setFilters = (next: (s: Record<string, string>) => Record<string, string>) => {
    setFiltersNow(next);
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
    ? filtered(all ?? [], filters).sort((a, b) => titleOf(kind, a).localeCompare(titleOf(kind, b)))
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
  const filterLabels: Record<string, string> = {
    case_title: 'Proposition',
    keywords: 'Keyword',
    title: 'Title',
    contract_category_id: 'Category',
  };

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
        {kind.rest.filters.map((f) =>
          f === 'contract_category_id' ? (
            <SelectField
              key={f}
              label={filterLabels[f]!}
              value={filters[f] ?? ''}
              onChange={(v) => setFilters((s) => ({ ...s, [f]: v }))}
              placeholder="All categories"
              options={(categories ?? []).map((c) => ({ value: c.id, label: textOf(c.title) }))}
            />
          ) : (
            <TextField
              key={f}
              label={filterLabels[f]!}
              value={filters[f] ?? ''}
              onChange={(v) => setFilters((s) => ({ ...s, [f]: v }))}
            />
          ),
        )}
        <button
          type="button"
          className="btn"
          onClick={() => setFilters(() => Object.fromEntries(kind.rest.filters.map((f) => [f, ''])))}
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

/** The public address of a page with a copy button (part 2 §2.7, part 3 §2.7–2.8). */
function PublicUrl({ url }: { url: string }) {
  const toast = useToast();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Copied!', url);
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <FieldFrame id={id} label="Public URL">
      <div className="input-group">
        <input id={id} className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn input-addon" onClick={() => void copy()}>
          Copy
        </button>
      </div>
    </FieldFrame>
  );
}

export function PageForm({ kind }: { kind: TPageKind }) {
  const id = useParams()[kind.routes.param];
  const row = useEntityRow<TPage>(kind.name, id);
  const { manage } = useCanManage(kind);
  let body: ReactNode;
  if (!manage) return <NoAccess />;
  if (id && row === undefined) body = <p role="status">Loading....</p>;
  else if (id && row === null)
    body = (
      <>
        <p role="alert">{MSG.notFound}</p>
        <Link to={kind.routes.list}>Back</Link>
      </>
    );
  else body = <PageFields key={id ?? 'new'} kind={kind} row={row ?? null} />;
  return (
    <section className="page">
      <h1>{id ? kind.titles.edit : kind.titles.create}</h1>
      <div className="card">{body}</div>
    </section>
  );
}

const ACCEPT = 'image/png,image/jpeg,application/pdf,.doc,.docx';
const LIBRARY_MIME =
  /^(image\/(png|jpeg)|application\/(pdf|msword|vnd\.openxmlformats-officedocument\.wordprocessingml\.document))$/;

function PageFields({ kind, row }: { kind: TPageKind; row: TPage | null }) {
  const ctx = useSync();
  const toast = useToast();
  const navigate = useNavigate();
  const saved = useSaveReport();
  const decl = DECLS[kind.name as keyof typeof DECLS];
  const [pageId] = useState(() => row?.id ?? v7());
  const editorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const categories = useEntityRows<TPage>(
    'contract_categories',
    kind.name === 'contracts_and_agreements' ? undefined : null,
  );
  const files = useEntityRows<TFileRow>('library_files', { owner_id: pageId });
  const [chosen, setChosen] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const textFields = ['keywords', 'legal_provisions', 'contract_category_id'].filter(
    (f) => f in decl.columns,
  );
  const [opened] = useState(() => ({
    values: {
      title: textOf(row?.[kind.titleColumn]),
      content: textOf(row?.content),
      ...Object.fromEntries(textFields.map((f) => [f, textOf(row?.[f])])),
    },
    published: row ? row.published !== false : true,
    seen: row?.field_versions as Record<string, number> | undefined,
  }));
  const [published, setPublished] = useState(opened.published);
  const toRow = (v: Record<string, string>) => ({
    [kind.titleColumn]: v.title!.trim(),
    content: v.content || null,
    published,
    ...Object.fromEntries(textFields.map((f) => [f, v[f]!.trim() || null])),
  });
  const validate = (v: Record<string, string>) => {
    const errors = zodFieldErrors(decl.schema, toRow(v));
    return { ...errors, title: errors[kind.titleColumn] };
  };
  const form = useForm<Record<string, string>>(opened.values, validate);
  const slugTitle = row ? titleOf(kind, row) : form.values.title!;
  const url = `${location.origin}${publicPath(kind, { id: pageId, slug: row?.slug, [kind.titleColumn]: slugTitle })}`;

  const pick = async (list: FileList | null) => {
    const accepted: File[] = [];
    for (const f of [...(list ?? [])]) {
      const check = checkFile(f.name, new Uint8Array(await f.arrayBuffer()));
      if (!check.ok || !LIBRARY_MIME.test(check.mime)) {
        setFileError(MSG_LIBRARY_FILE_TYPES);
        continue;
      }
      accepted.push(new File([await f.arrayBuffer()], f.name, { type: check.mime }));
    }
    if (accepted.length === (list?.length ?? 0)) setFileError(null);
    setChosen((c) => [...c, ...accepted]);
  };

  const save = async (v: Record<string, string>) => {
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    const values = toRow(v);
    try {
      await saved(
        async () => {
          const stored: TStoredFile[] = [];
          for (const f of chosen) stored.push(await storeLocalFile(ctx.db, f));
          await ctx.db.transaction('rw', syncTables(ctx.db), async () => {
            if (row) {
              const changed = Object.fromEntries(
                Object.entries(values).filter(([k, val]) => (row[k] ?? null) !== val),
              );
              if (Object.keys(changed).length)
                await putLocal(ctx.db, kind.name, row.id, changed, { seen: opened.seen });
            } else await putLocal(ctx.db, kind.name, pageId, values);
            let order = files?.length ?? 0;
            for (const s of stored)
              await putLocal(ctx.db, 'library_files', v7(), {
                owner_type: kind.ownerType,
                owner_id: pageId,
                sha256: s.sha256,
                file_name: s.name.slice(-255),
                mime_type: s.mime,
                size: s.size,
                display_order: order++,
              });
          });
          return stored.map((s) => s.sha256);
        },
        row ? MSG.updatedOk : MSG.savedOk,
        { files: (h) => h },
      );
      await navigate(kind.routes.list);
    } catch (e) {
      toast.failed(e);
    }
  };

  const removeFile = async (f: TFileRow) => {
    if (ctx) await deleteLocal(ctx.db, 'library_files', f.id);
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(save)}>
      <TextField
        label={kind.titleColumn === 'case_title' ? 'Proposition' : 'Title'}
        required
        maxLength={500}
        {...form.bind('title')}
      />
      {'contract_category_id' in decl.columns && (
        <SelectField
          label="Contract Category"
          placeholder="--Select Category--"
          options={(categories ?? []).map((c) => ({ value: c.id, label: textOf(c.title) }))}
          {...form.bind('contract_category_id')}
        />
      )}
      {'keywords' in decl.columns && (
        <TextField label="Keywords" maxLength={2000} {...form.bind('keywords')} />
      )}
      {'legal_provisions' in decl.columns && (
        <FormField
          field={{ kind: 'textarea' }}
          label="Legal Provisions"
          maxLength={5000}
          {...form.bind('legal_provisions')}
        />
      )}
      <FieldFrame id={editorId} label="Content" error={form.errors.content}>
        <Suspense fallback={<p role="status">Loading....</p>}>
          <RichTextEditor
            id={editorId}
            label="Content"
            html={opened.values.content}
            onChange={(html) => form.setValue('content', html)}
          />
        </Suspense>
      </FieldFrame>
      <FieldFrame id={`${editorId}-files`} label="Attachments" error={fileError ?? undefined}>
        <input
          id={`${editorId}-files`}
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          onChange={(e) => void pick(e.target.files)}
        />
      </FieldFrame>
      {files?.length || chosen.length ? (
        <ul className="page-files">
          {(files ?? []).map((f) => (
            <li key={f.id}>
              {f.file_name}{' '}
              <button
                type="button"
                className="btn"
                onClick={() => void removeFile(f)}
                aria-label={`Remove ${f.file_name}`}
              >
                Remove
              </button>
            </li>
          ))}
          {chosen.map((f, i) => (
            <li key={`new-${i}`}>
              {f.name} (new){' '}
              <button
                type="button"
                className="btn"
                aria-label={`Remove ${f.name}`}
                onClick={() => setChosen((c) => c.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <CheckboxField label="Published" checked={published} onChange={setPublished} />
      <PublicUrl url={url} />
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={form.submitting}>
          {row ? 'Update' : 'Save'}
        </button>
        <Link className="btn" to={kind.routes.list}>
          Back
        </Link>
      </div>
    </form>
  );
}
