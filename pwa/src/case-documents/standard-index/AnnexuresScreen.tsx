import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useEntityRows } from '../../sync/hooks.ts';
import { AttachmentPage } from '../AttachmentFile.tsx';
import { AttachmentsTable } from '../AttachmentsTable.tsx';
import { AttachmentViewer, NO_ATTACHMENTS_MESSAGE } from '../AttachmentViewer.tsx';
import { Breadcrumb } from '../Breadcrumb.tsx';
import { DOCUMENT_KINDS, petitionPath } from '../kinds.ts';
import { NotFound } from '../ReplyParentsScreen.tsx';
import {
  useCanEditCase,
  useDocuments,
  usePetition,
  usePetitionTitle,
  type TAttachmentRow,
} from '../useCaseDocuments.ts';
import { useSiteHeaderToggle } from '../useSiteHeaderToggle.ts';
import { HeaderToggleButton } from '../HeaderToggleButton.tsx';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';

type TView = 'pages' | 'carousel' | 'table';
const VIEWS: { key: TView; label: string }[] = [
  { key: 'pages', label: 'All Pages' },
  { key: 'carousel', label: 'Carousel' },
  { key: 'table', label: 'Table' },
];

const INDEX = DOCUMENT_KINDS.index;
const indexItemPath = (a: TAttachmentRow) => INDEX.detailPath(a.owner_id);

/** Every file of the case file's index items: in index order, each item's in display order. */
function useCaseAnnexures(petitionId: string): TAttachmentRow[] | undefined {
  const items = useDocuments('index', petitionId);
  const files = useEntityRows<TAttachmentRow>('attachments', { petition_id: petitionId });
  return useMemo(() => {
    if (!items || !files) return undefined;
    const place = new Map(items.map((it, i) => [it.id, i]));
    return files
      .filter((a) => a.owner_type === INDEX.ownerType && place.has(a.owner_id) && !a.deleted_at)
      .sort(
        (a, b) =>
          place.get(a.owner_id)! - place.get(b.owner_id)! ||
          (a.display_order ?? 0) - (b.display_order ?? 0) ||
          compareCodes(a.id, b.id),
      );
  }, [items, files]);
}

/**
 * The case annexure screen (part 3 §2.11, /all-indexes-details/{petition_id}): every file of the index
 * stacked with a page-number sidebar (images inline, other files as links), a carousel, and the attachments
 * table (select all, thumbnail, title linking to its index item, display order, edit and delete). The site
 * header is hidden on entry, with a toggle. Read from the device, so it works offline.
 */
export function AnnexuresScreen() {
  const { petition_id: petitionId = '' } = useParams();
  const petition = usePetition(petitionId);
  const caseTitle = usePetitionTitle(petition);
  const files = useCaseAnnexures(petitionId);
  const canEdit = useCanEditCase();
  const [headerShown, setHeaderShown] = useSiteHeaderToggle();
  const [view, setView] = useState<TView>('pages');
  if (petition === null) return <NotFound />;
  return (
    <section className="page case-documents viewer">
      <div className="viewer-bar" role="toolbar" aria-label="Annexure views">
        <HeaderToggleButton shown={headerShown} onChange={setHeaderShown} />
        {VIEWS.map((v) => (
          <button
            key={v.key}
            type="button"
            className="btn"
            aria-pressed={view === v.key}
            onClick={() => setView(v.key)}
          >
            {v.label}
          </button>
        ))}
      </div>
      <Breadcrumb trail={[{ label: caseTitle, to: petitionPath(petitionId) }]} current="All Annexures" />
      <h1 className="viewer-title">All Annexures</h1>
      {view === 'pages' && <AttachmentViewer attachments={files} />}
      {view === 'carousel' && <Carousel files={files} />}
      {view === 'table' && (
        <AttachmentsTable attachments={files} canEdit={canEdit} titleLink={indexItemPath} />
      )}
    </section>
  );
}

/** One file at a time, with Previous and Next. */
function Carousel({ files }: { files: readonly TAttachmentRow[] | undefined }) {
  const [at, setAt] = useState(0);
  if (!files) return <p role="status">Loading....</p>;
  if (!files.length) return <p className="doc-viewer-empty">{NO_ATTACHMENTS_MESSAGE}</p>;
  const i = Math.min(at, files.length - 1);
  return (
    <div className="carousel" aria-roledescription="carousel" aria-label="Annexures">
      <div className="prev-next">
        <button type="button" className="btn" disabled={i === 0} onClick={() => setAt(i - 1)}>
          Previous
        </button>
        <span role="status">
          {i + 1} of {files.length}
        </span>
        <button type="button" className="btn" disabled={i === files.length - 1} onClick={() => setAt(i + 1)}>
          Next
        </button>
      </div>
      <AttachmentPage key={files[i]!.id} a={files[i]!} number={i + 1} />
    </div>
  );
}
