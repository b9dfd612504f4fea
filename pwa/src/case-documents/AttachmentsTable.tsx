import { RowEditButtons } from '../ui/RowEditButtons.tsx';
import { useEffect, useRef, useState } from 'react';
import { MSG } from '@lawfirm/shared-types';
import { useSync } from '../sync/hooks.ts';
import { useConfirmedDelete } from '../ui/useConfirmedDelete.tsx';
import '../ui/list-table.css';
import { AttachmentPending, AttachmentThumb, attachmentLabel } from './AttachmentFile.tsx';
import { NO_ATTACHMENTS_MESSAGE } from './AttachmentViewer.tsx';
import { deleteAttachmentsLocal } from './caseDocuments.actions.ts';
import { FieldInput } from './FieldInput.tsx';
import { fieldForm, type TField } from './fields.ts';
import type { TAttachmentRow } from './useCaseDocuments.ts';
import { useRowEditor } from '../ui/useRowEditor.ts';
import './case-documents.css';

const FIELDS: readonly TField[] = [
  { key: 'title', label: 'Title', maxLength: 255 },
  { key: 'display_order', label: 'Display Order', kind: 'number' },
];

/**
 * The one attachments table (DESIGN §3) of every edit mode: a select-all checkbox, an 80 px thumbnail, title
 * and display order edited in place (Edit, Update, Cancel, Delete), and Delete Selected once a box is ticked.
 */
export function AttachmentsTable({
  attachments,
  canEdit,
}: {
  attachments: readonly TAttachmentRow[] | undefined;
  canEdit: boolean;
}) {
  const ctx = useSync();
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  // One prompt for both a row's Delete and Delete Selected: the key is the list of attachments to delete.
  const remover = useConfirmedDelete<readonly string[]>(
    async (ids) => {
      if (!ctx) throw new Error('The local database is not open yet.');
      await deleteAttachmentsLocal(ctx.db, ids);
    },
    MSG.deletedOk,
    (ids) =>
      setPicked((p) => {
        const next = new Set(p);
        for (const id of ids) next.delete(id);
        return next;
      }),
  );

  // Only ticks of rows still shown count (a row deleted on another device drops out of the selection).
  const ids = attachments?.map((a) => a.id) ?? [];
  const selected = ids.filter((id) => picked.has(id));
  const all = ids.length > 0 && selected.length === ids.length;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selected.length > 0 && !all;
  }, [selected.length, all]);

  const toggle = (id: string, on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (attachments === undefined) return <p role="status">Loading....</p>;
  if (!attachments.length) return <p className="muted">{NO_ATTACHMENTS_MESSAGE}</p>;
  return (
    <div className="attachments-table">
      {canEdit && selected.length > 0 && (
        <div className="list-head">
          <span>{selected.length} selected</span>
          <button
            type="button"
            className="btn danger"
            disabled={remover.busy}
            onClick={() => remover.ask(selected)}
          >
            Delete Selected
          </button>
        </div>
      )}
      <div className="table-scroll">
        <table className="table stack">
          <caption className="sr-only">Attachments</caption>
          <thead>
            <tr>
              {canEdit && (
                <th scope="col">
                  <input
                    ref={selectAll}
                    type="checkbox"
                    aria-label="Select all"
                    checked={all}
                    onChange={(e) => setPicked(e.target.checked ? new Set(ids) : new Set())}
                  />
                </th>
              )}
              <th scope="col">Preview</th>
              <th scope="col">Title</th>
              <th scope="col">Display Order</th>
              {canEdit && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {attachments.map((a) => (
              <AttachmentRow
                key={a.id}
                a={a}
                canEdit={canEdit}
                checked={picked.has(a.id)}
                onCheck={(on) => toggle(a.id, on)}
                busy={remover.busy}
                onDelete={() => remover.ask([a.id])}
              />
            ))}
          </tbody>
        </table>
      </div>
      {remover.dialog}
    </div>
  );
}

function AttachmentRow({
  a,
  canEdit,
  checked,
  onCheck,
  busy,
  onDelete,
}: {
  a: TAttachmentRow;
  canEdit: boolean;
  checked: boolean;
  onCheck: (on: boolean) => void;
  busy: boolean;
  onDelete: () => void;
}) {
  const ed = useRowEditor('attachments', a, fieldForm(FIELDS));
  const label = attachmentLabel(a);
  return (
    <tr data-row-id={a.id}>
      {canEdit && (
        <td data-label="Select">
          <input
            type="checkbox"
            aria-label={`Select ${label}`}
            checked={checked}
            onChange={(e) => onCheck(e.target.checked)}
          />
        </td>
      )}
      <td data-label="Preview">
        <AttachmentThumb a={a} />
      </td>
      {FIELDS.map((f, i) => (
        <td key={f.key} data-label={f.label}>
          {ed.editing ? (
            <FieldInput
              field={f}
              label={f.label}
              value={ed.editing.draft[f.key] ?? ''}
              error={ed.editing.errors[f.key]}
              autoFocus={i === 0}
              onChange={(v) => ed.setField(f.key, v)}
              onEnter={() => void ed.update()}
              onEscape={ed.cancel}
            />
          ) : f.key === 'title' ? (
            <span>
              {label} <AttachmentPending a={a} />
            </span>
          ) : (
            String(a.display_order ?? 0)
          )}
        </td>
      ))}
      {canEdit && (
        <td data-label="Actions">
          <div className="row-actions">
            <RowEditButtons
              editing={!!ed.editing}
              saving={ed.saving}
              busy={busy}
              onEdit={ed.start}
              onUpdate={ed.update}
              onCancel={ed.cancel}
              onDelete={onDelete}
            />
          </div>
        </td>
      )}
    </tr>
  );
}
