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
import { FieldFrame } from '../ui/form.tsx';
import { CHECKED, type TDraft, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { schemaErrors } from '../ui/forms/schemaRules.ts';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
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

const URL_FIELD: TField = { key: 'public_url', label: 'Public URL' };

/** The fields a kind of page has, in the form's order (the content is the rich text editor's, below them). */
function pageFields(
  kind: TPageKind,
  columns: Record<string, unknown>,
  titleRequired: string | undefined,
): TField[] {
  const fields: TField[] = [
    {
      key: 'title',
      label: kind.titleColumn === 'case_title' ? 'Proposition' : 'Title',
      maxLength: 500,
      ...(titleRequired ? { required: titleRequired } : {}),
    },
  ];
  if ('contract_category_id' in columns)
    fields.push({
      key: 'contract_category_id',
      label: 'Contract Category',
      kind: 'select',
      placeholder: '--Select Category--',
    });
  if ('keywords' in columns) fields.push({ key: 'keywords', label: 'Keywords', maxLength: 2000 });
  if ('legal_provisions' in columns)
    fields.push({ key: 'legal_provisions', label: 'Legal Provisions', kind: 'textarea', maxLength: 5000 });
  fields.push({ key: 'published', label: 'Published', kind: 'checkbox' });
  return fields;
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
    <Field
      id={id}
      field={URL_FIELD}
      value={url}
      onChange={() => undefined}
      readOnly
      onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
      addon={
        <button type="button" className="btn input-addon" onClick={() => void copy()}>
          Copy
        </button>
      }
    />
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
  // Files picked are unsaved work too, beside the fields.
  const [chosen, setChosen] = useState<File[]>([]);
  const textFields = ['keywords', 'legal_provisions', 'contract_category_id'].filter(
    (f) => f in decl.columns,
  );
  const toRow = (v: TDraft) => ({
    [kind.titleColumn]: (v.title ?? '').trim(),
    content: v.content || null,
    published: v.published === CHECKED,
    ...Object.fromEntries(textFields.map((f) => [f, (v[f] ?? '').trim() || null])),
  });
  // The row schema's messages (the title's under the form's own key); the content is a draft key of its own.
  const check = (v: TDraft) => {
    const errors = schemaErrors(decl.schema, toRow(v));
    return { ...errors, title: errors[kind.titleColumn] };
  };
  const [opened] = useState(() => ({
    fields: pageFields(kind, decl.columns, check({ title: '' }).title),
    seen: row?.field_versions as Record<string, number> | undefined,
    // The editor reads its HTML once.
    content: textOf(row?.content),
  }));
  const { fields } = opened;
  const form = useFieldForm(
    fields,
    () => ({
      title: textOf(row?.[kind.titleColumn]),
      content: opened.content,
      published: !row || row.published !== false ? CHECKED : '',
      ...Object.fromEntries(textFields.map((f) => [f, textOf(row?.[f])])),
    }),
    { check, dirty: chosen.length > 0 },
  );
  const slugTitle = row ? titleOf(kind, row) : (form.draft.title ?? '');
  const url = `${location.origin}${publicPath(kind, { id: pageId, slug: row?.slug, [kind.titleColumn]: slugTitle })}`;

  const save = async () => {
    if (!ctx) {
      toast.error('Something went wrong!', 'The local database is not open yet.');
      throw new Error('The local database is not open yet.');
    }
    const values = toRow(form.draft);
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
      setChosen([]);
      await navigate(kind.routes.list);
    } catch (e) {
      toast.failed(e);
      throw e;
    }
  };

  const removeFile = async (f: TFileRow) => {
    if (ctx) await deleteLocal(ctx.db, FILES_TABLE, f.id);
  };

  return (
    <form noValidate onSubmit={form.submit(save)}>
      <Field {...form.bind('title')} />
      {'contract_category_id' in decl.columns && (
        <Field
          {...form.bind('contract_category_id')}
          field={{
            ...form.bind('contract_category_id').field,
            options: (categories ?? []).map((c) => ({ value: c.id, label: textOf(c.title) })),
          }}
        />
      )}
      {'keywords' in decl.columns && <Field {...form.bind('keywords')} />}
      {'legal_provisions' in decl.columns && <Field {...form.bind('legal_provisions')} />}
      <FieldFrame id={editorId} label="Content" error={form.errors.content}>
        <Suspense fallback={<p role="status">Loading....</p>}>
          <RichTextEditor
            id={editorId}
            label="Content"
            html={opened.content}
            onChange={(html) => form.set('content', html)}
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
      <Field {...form.bind('published')} />
      <PublicUrl url={url} />
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={form.submitting}>
          {row ? 'Update' : 'Save'}
        </button>
        <Link className="btn" to={kind.routes.list}>
          Back
        </Link>
      </div>
      {form.dialog}
    </form>
  );
}
