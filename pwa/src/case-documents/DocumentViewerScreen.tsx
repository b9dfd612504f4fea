import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { downloadDocumentPdf } from '../pdf/index.ts';
import { useSync } from '../sync/hooks.ts';
import { SyncStatusBadge } from '../shell/SyncStatusBadge.tsx';
import { nextDisplayOrder } from '../tables/rowOrder.ts';
import { useToast } from '../feedback/toast.tsx';
import { AttachmentsTable } from './AttachmentsTable.tsx';
import { AttachmentViewer } from './AttachmentViewer.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { annexureLabel, neighbours } from './documents.logic.ts';
import { DOCUMENT_KINDS, petitionPath, type TDocumentKind } from './kinds.ts';
import { NotFound } from './ReplyParentsScreen.tsx';
import { UploadPanel } from './UploadPanel.tsx';
import {
  useAttachments,
  useCanEditCase,
  useCanUpload,
  useDocument,
  useDocuments,
  usePetition,
  usePetitionTitle,
  type TDocumentRow,
} from './useCaseDocuments.ts';
import { useSiteHeaderToggle } from './useSiteHeaderToggle.ts';
import { HeaderToggleButton } from './HeaderToggleButton.tsx';

/**
 * The one document viewer (DESIGN §3) of an index item (/petition-index-details/:id), a reply
 * (/petition-reply-details/:id) and a standard index entry (/standard-index-details/:module_id/:module_type,
 * which names its `id`): pages with a page-number sidebar, a right sidebar of the list's annexures,
 * previous/next in display order, upload and an edit mode for editors. Everything reads the local database.
 */
export function DocumentViewerScreen({ kind, id: given }: { kind: TDocumentKind; id?: string }) {
  const params = useParams();
  const id = given ?? params.id ?? '';
  const item = useDocument(kind, id);
  const [headerShown, setHeaderShown] = useSiteHeaderToggle();
  const toolbar = <HeaderToggleButton shown={headerShown} onChange={setHeaderShown} />;
  if (item === null) return <NotFound />;
  if (item === undefined)
    return (
      <section className="page" role="status">
        Loading....
      </section>
    );
  // Keyed by id: moving to the next item starts with its own edit mode and page marks.
  return <DocumentViewer key={id} kind={kind} item={item} headerToggle={toolbar} headerShown={headerShown} />;
}

function DocumentViewer({
  kind,
  item,
  headerToggle,
  headerShown,
}: {
  kind: TDocumentKind;
  item: TDocumentRow;
  headerToggle: ReactNode;
  headerShown: boolean;
}) {
  const cfg = DOCUMENT_KINDS[kind];
  const petition = usePetition(item.petition_id);
  const caseTitle = usePetitionTitle(petition);
  const scopeId = cfg.scopeField === 'petition_id' ? item.petition_id : (item.reply_parent_id ?? undefined);
  const siblings = useDocuments(kind, scopeId);
  const attachments = useAttachments(cfg.ownerType, item.id);
  const canEdit = useCanEditCase();
  const canUpload = useCanUpload();
  const [editing, setEditing] = useState(false);
  const { previous, next } = useMemo(() => neighbours(siblings ?? [], item.id), [siblings, item.id]);
  const listPath = cfg.listPath(item);

  return (
    <section className="page case-documents viewer">
      <div className="viewer-bar" role="toolbar" aria-label="Document tools">
        {headerToggle}
        {!headerShown && <SyncStatusBadge />}
        <PrevNext previous={previous && cfg.detailPath(previous)} next={next && cfg.detailPath(next)} />
        {(canEdit || cfg.pdfForReaders) && <PdfButton kind={kind} id={item.id} />}
        {canEdit && (
          <button type="button" className="btn" aria-pressed={editing} onClick={() => setEditing(!editing)}>
            Edit
          </button>
        )}
      </div>
      <Breadcrumb
        trail={[]}
        current={
          <>
            <Link to={petitionPath(item.petition_id)}>{caseTitle}</Link> {item.document_description}
          </>
        }
      />
      <h1 className="viewer-title">{item.document_description}</h1>
      {canUpload && (
        <UploadPanel
          target={{
            petitionId: item.petition_id,
            ownerType: cfg.ownerType,
            ownerId: item.id,
            firstOrder: nextDisplayOrder(attachments ?? []),
          }}
        />
      )}
      <div className="doc-layout">
        <div className="doc-main">
          {editing && canEdit ? (
            <AttachmentsTable attachments={attachments} canEdit={canEdit} />
          ) : (
            <AttachmentViewer attachments={attachments} />
          )}
        </div>
        <AnnexureSidebar kind={kind} current={item.id} indexPath={listPath} siblings={siblings} />
      </div>
    </section>
  );
}

function PrevNext({ previous, next }: { previous: string | null; next: string | null }) {
  return (
    <span className="prev-next">
      {previous ? (
        <Link to={previous} className="btn" aria-label="Previous" title="Previous">
          ‹
        </Link>
      ) : (
        <span className="btn" aria-disabled="true" aria-label="Previous" role="link">
          ‹
        </span>
      )}
      {next ? (
        <Link to={next} className="btn" aria-label="Next" title="Next">
          ›
        </Link>
      ) : (
        <span className="btn" aria-disabled="true" aria-label="Next" role="link">
          ›
        </span>
      )}
    </span>
  );
}

/** 'Index' and each annexure of the same list (items with an annexure value), in display order. */
function AnnexureSidebar({
  kind,
  current,
  indexPath,
  siblings,
}: {
  kind: TDocumentKind;
  current: string;
  indexPath: string;
  siblings: readonly TDocumentRow[] | undefined;
}) {
  const cfg = DOCUMENT_KINDS[kind];
  const annexures = (siblings ?? []).filter((s) => s.annexure?.trim());
  return (
    <nav aria-label="Annexures" className="annexures">
      <ul>
        <li>
          <Link to={indexPath}>Index</Link>
        </li>
        {annexures.map((s) => (
          <li key={s.id}>
            <Link
              to={cfg.detailPath(s.id)}
              title={s.document_description}
              aria-current={s.id === current ? 'page' : undefined}
            >
              {annexureLabel(s.annexure ?? '')}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The single-item PDF (by the kind's rule: pdfForReaders), built on the device so it works offline. */
function PdfButton({ kind, id }: { kind: TDocumentKind; id: string }) {
  const ctx = useSync();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!ctx) return;
    setBusy(true);
    try {
      await downloadDocumentPdf(ctx.db, DOCUMENT_KINDS[kind], id);
      toast.success('File Downloaded SuccessFully');
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn" disabled={busy} onClick={() => void download()}>
      Download PDF
    </button>
  );
}
