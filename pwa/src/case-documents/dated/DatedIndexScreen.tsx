import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { can, canDeleteDated, formatDate, MSG } from '@lawfirm/shared-types';
import type { TDatedModule } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { downloadDatedPdf } from '../../pdf/index.ts';
import { useSync } from '../../sync/hooks.ts';
import { SyncStatusBadge } from '../../shell/SyncStatusBadge.tsx';
import { nextDisplayOrder } from '../../tables/rowOrder.ts';
import { useToast } from '../../feedback/toast.tsx';
import { useConfirmedDelete } from '../../feedback/useConfirmedDelete.tsx';
import { AttachmentsTable } from '../AttachmentsTable.tsx';
import { AttachmentViewer } from '../AttachmentViewer.tsx';
import { Breadcrumb } from '../Breadcrumb.tsx';
import { petitionPath } from '../kinds.ts';
import { UploadPanel } from '../UploadPanel.tsx';
import { usePetitionTitle, type TAttachmentRow } from '../useCaseDocuments.ts';
import { useSiteHeaderToggle } from '../useSiteHeaderToggle.ts';
import { deleteDatedLocal } from './dated.actions.ts';
import {
  dateOf,
  datedEditPath,
  datedIndexPath,
  datedName,
  datedSavePath,
  printOrderSheetsPath,
  type TDatedRow,
} from './dated.logic.ts';
import { filesOf } from './datedIndex.data.ts';
import { typesOf, useDatedIndex } from './useDated.ts';
import './dated.css';
import { HeaderToggleButton } from '../HeaderToggleButton.tsx';

/**
 * The index screen of a dated module (part 2 §2.1–2.2): the item (its first by date when the route names
 * none) with its files inline, previous/next by date, a right sidebar of the case file's items, and the
 * buttons each role may use. Everything reads the local database, so it opens offline.
 */
export function DatedIndexScreen({ m }: { m: TDatedModule }) {
  const { petition_id: petitionId = '', item_id: itemId } = useParams();
  const page = useDatedIndex(m, petitionId);
  const rows = page?.rows;
  const types = useMemo(() => typesOf(page?.types), [page?.types]);
  const petition = page?.petition;
  const caseTitle = usePetitionTitle(petition);
  const { actor } = useAuth();
  const canEdit = can(actor, 'petitions.edit');
  const [headerShown, setHeaderShown] = useSiteHeaderToggle();
  const navigate = useNavigate();
  const i = rows ? (itemId ? rows.findIndex((r) => r.id === itemId) : rows.length ? 0 : -1) : -1;
  const item = rows?.[i];
  const previous = i > 0 ? rows![i - 1] : undefined;
  const next = rows && i >= 0 ? rows[i + 1] : undefined;
  const ctx = useSync();
  const del = useConfirmedDelete<TDatedRow>(
    async (r) => {
      if (ctx) await deleteDatedLocal(ctx.db, m, r.id);
    },
    MSG.deletedOk,
    () => void navigate(datedIndexPath(m, petitionId)),
  );

  return (
    <section className="page case-documents dated-index">
      <div className="dated-toolbar" role="toolbar" aria-label={`${m.plural} tools`}>
        <HeaderToggleButton shown={headerShown} onChange={setHeaderShown} />
        {!headerShown && <SyncStatusBadge />}
        <NavLink to={previous && datedIndexPath(m, petitionId, previous.id)} label="Previous" text="‹" />
        <NavLink to={next && datedIndexPath(m, petitionId, next.id)} label="Next" text="›" />
        {canEdit && (
          <Link className="btn" to={datedSavePath(m, petitionId)}>
            {m.hearingDates ? `New ${m.label}` : 'Add New'}
          </Link>
        )}
        {canEdit && item && (
          <Link className="btn" to={datedEditPath(m, petitionId, item.id)}>
            Edit
          </Link>
        )}
        {item && actor && canDeleteDated(m, actor, item) && (
          <button type="button" className="btn danger" disabled={del.busy} onClick={() => del.ask(item)}>
            Delete
          </button>
        )}
        {m.hearingDates && (
          <a className="btn" href={printOrderSheetsPath(petitionId)} target="_blank" rel="noopener">
            Print
          </a>
        )}
        {m.hearingDates && item && (
          <button type="button" className="btn" onClick={() => window.print()}>
            Print List
          </button>
        )}
        {item && page && <PdfButton m={m} item={item} attachments={filesOf(page, item.id)} />}
      </div>
      <Breadcrumb trail={[{ label: caseTitle, to: petitionPath(petitionId) }]} current={m.plural} />
      <div className="dated-layout">
        <div className="dated-main">
          {rows === undefined ? (
            <p role="status">Loading....</p>
          ) : !item ? (
            <p>{itemId ? MSG.notFound : 'No Records found.'}</p>
          ) : (
            <DatedItem
              key={item.id}
              m={m}
              item={item}
              name={datedName(m, item, types.titles)}
              attachments={filesOf(page!, item.id)}
            />
          )}
        </div>
        <nav aria-label={m.plural} className="dated-sidebar">
          <ul>
            {(rows ?? []).map((r) => (
              <li key={r.id}>
                <Link
                  to={datedIndexPath(m, petitionId, r.id)}
                  aria-current={r.id === item?.id ? 'page' : undefined}
                >
                  <span>{datedName(m, r, types.titles)}</span>
                  <span>{formatDate(dateOf(m, r))}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {del.dialog}
    </section>
  );
}

function DatedItem({
  m,
  item,
  name,
  attachments,
}: {
  m: TDatedModule;
  item: TDatedRow;
  name: string;
  attachments: TAttachmentRow[];
}) {
  const { actor } = useAuth();
  const canEdit = can(actor, 'petitions.edit');
  // The naqal form viewer's edit mode (part 2 §2.2): the attachments table in place of the pages.
  const [editing, setEditing] = useState(false);
  return (
    <article aria-label={name}>
      <h1>{item.title || name}</h1>
      <p className="dated-meta">
        {name !== item.title && item.title ? `${name} · ` : ''}
        {formatDate(dateOf(m, item))}
      </p>
      {item.description && <p className="dated-description">{item.description}</p>}
      {can(actor, 'attachments.upload') && (
        <UploadPanel
          key={item.id}
          target={{
            petitionId: item.petition_id,
            ownerType: m.model,
            ownerId: item.id,
            firstOrder: nextDisplayOrder(attachments),
          }}
        />
      )}
      {m.viewer && canEdit && (
        <button type="button" className="btn" aria-pressed={editing} onClick={() => setEditing(!editing)}>
          Edit Attachments
        </button>
      )}
      {editing && m.viewer && canEdit ? (
        <AttachmentsTable attachments={attachments} canEdit />
      ) : (
        <AttachmentViewer attachments={attachments} thumbnails={!!m.viewer} />
      )}
    </article>
  );
}

function NavLink({ to, label, text }: { to: string | undefined; label: string; text: string }) {
  return to ? (
    <Link to={to} className="btn" aria-label={label} title={label}>
      {text}
    </Link>
  ) : (
    <span className="btn" aria-disabled="true" aria-label={label} role="link">
      {text}
    </span>
  );
}

/** The single-item PDF, built on the device (the same builder as the server's), so it works offline. */
function PdfButton({
  m,
  item,
  attachments,
}: {
  m: TDatedModule;
  item: TDatedRow;
  attachments: readonly TAttachmentRow[];
}) {
  const ctx = useSync();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const none = !attachments.length;
  const download = async () => {
    if (!ctx) return;
    setBusy(true);
    try {
      await downloadDatedPdf(ctx.db, m, item.id);
      toast.success('File Downloaded SuccessFully');
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn" disabled={busy || none} onClick={() => void download()}>
      Download PDF
    </button>
  );
}
