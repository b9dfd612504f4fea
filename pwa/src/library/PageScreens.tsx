import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { v7 } from 'uuid';
import { MSG } from '@lawfirm/shared-types';
import {
  contractsDecl,
  pleadingsDecl,
  propositionsDecl,
  type TPageKind,
} from '@lawfirm/shared-types/library/pages.ts';
import { FilePicker } from '../attachments/FilePicker.tsx';
import { PickedFile, SavedFile } from '../attachments/SavedFile.tsx';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import { storeLocalFile, type TStoredFile } from '../sync/attachments.ts';
import { syncTables } from '../sync/rebase.ts';
import { useEntityRow, useEntityRows, useSync } from '../sync/hooks.ts';
import {
  CheckboxField,
  FieldFrame,
  FormField,
  SelectField,
  TextField,
  useForm,
  zodFieldErrors,
} from '../ui/form.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import {
  FILES_TABLE,
  NoAccess,
  textOf,
  titleOf,
  useCanManage,
  type TFileRow,
  type TPage,
} from './pageCommon.tsx';
import { publicPath } from './pagePaths.ts';
import './library.css';

const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor.tsx')).RichTextEditor }));

const DECLS = {
  general_case_laws: propositionsDecl,
  contracts_and_agreements: contractsDecl,
  sample_pleadings: pleadingsDecl,
} as const;

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
  const { manage } = useCanManage();
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

function PageFields({ kind, row }: { kind: TPageKind; row: TPage | null }) {
  const ctx = useSync();
  const toast = useToast();
  const navigate = useNavigate();
  const saved = useSaveReport();
  const decl = DECLS[kind.name as keyof typeof DECLS];
  const [pageId] = useState(() => row?.id ?? v7());
  const editorId = useId();
  const categories = useEntityRows<TPage>(
    'contract_categories',
    kind.name === 'contracts_and_agreements' ? undefined : null,
  );
  const files = useEntityRows<TFileRow>(FILES_TABLE, { owner_id: pageId });
  const [chosen, setChosen] = useState<File[]>([]);
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
              await putLocal(ctx.db, FILES_TABLE, v7(), {
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
    if (ctx) await deleteLocal(ctx.db, FILES_TABLE, f.id);
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
      <FilePicker
        owner={kind.ownerType}
        label="Attachments"
        onPick={(picked) => setChosen((c) => [...c, ...picked])}
      />
      {files?.length || chosen.length ? (
        <ul className="page-files" aria-label="Files of this page">
          {(files ?? []).map((f) => (
            <SavedFile key={f.id} file={f} onRemove={() => void removeFile(f)} />
          ))}
          {chosen.map((f, i) => (
            <PickedFile
              key={`new-${i}`}
              file={f}
              note="(new)"
              onRemove={() => setChosen((c) => c.filter((_, j) => j !== i))}
            />
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
