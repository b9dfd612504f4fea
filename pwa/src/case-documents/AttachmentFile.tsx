import { usePendingFor } from '../sync/hooks.ts';
import { PendingMark } from '../feedback/PendingMark.tsx';
import { isImageMime } from '../attachments/fileView.ts';
import type { TAttachmentRow } from './useCaseDocuments.ts';
import {
  NOT_DOWNLOADED_MESSAGE,
  NOT_UPLOADED_MESSAGE,
  useFileUploaded,
  useLocalFile,
  type TLocalFileState,
} from '../attachments/useLocalFile.ts';

export const attachmentLabel = (a: TAttachmentRow): string => a.title || a.file_name;

/** What stands in for a file whose bytes are not here yet. */
export function FileStatus({ file }: { file: Exclude<TLocalFileState, { status: 'ready' }> }) {
  if (file.status === 'loading')
    return (
      <p className="file-status" role="status">
        Loading....
      </p>
    );
  if (file.status === 'offline') return <p className="file-status">{NOT_DOWNLOADED_MESSAGE}</p>;
  if (file.status === 'waiting')
    return (
      <p className="file-status" role="status">
        {NOT_UPLOADED_MESSAGE}
      </p>
    );
  return (
    <p className="file-status" role="alert">
      Could not load this file: {file.message}{' '}
      <button type="button" className="btn" onClick={file.retry}>
        Retry
      </button>
    </p>
  );
}

/** "Not synced yet" until the server has the row and the bytes. */
export function AttachmentPending({ a }: { a: TAttachmentRow }) {
  const pending = usePendingFor('attachments', a.id);
  const uploaded = useFileUploaded(a.sha256);
  return pending || !uploaded ? <PendingMark /> : null;
}

/**
 * One attachment as a page of the viewer (part 1 §2 Index item detail): png and jpeg inline at 90% width,
 * anything else as a 'Click to Open' link: a PDF opens in a new tab, any other file (XML, Word) downloads
 * under its own name and never opens as a page of the app (useLocalFile's fileView).
 */
export function AttachmentPage({ a, number }: { a: TAttachmentRow; number: number }) {
  const file = useLocalFile(a.sha256, a.file_name);
  const label = attachmentLabel(a);
  return (
    <figure id={`page-${a.id}`} className="doc-page" aria-label={`Page ${number}`}>
      {file.status !== 'ready' ? (
        <FileStatus file={file} />
      ) : file.view.show === 'image' ? (
        <img src={file.url} alt={label} className="doc-image" />
      ) : file.view.show === 'tab' ? (
        <a href={file.url} target="_blank" rel="noopener noreferrer" className="btn">
          Click to Open
        </a>
      ) : (
        <a href={file.url} download={a.file_name} className="btn">
          Click to Open
        </a>
      )}
      <figcaption>
        {number}. {label} <AttachmentPending a={a} />
      </figcaption>
    </figure>
  );
}

/** The 80 px thumbnail of the attachments table (part 1 §2); a type badge for files that are not images. */
export function AttachmentThumb({ a }: { a: TAttachmentRow }) {
  const image = isImageMime(a.mime_type);
  const file = useLocalFile(a.sha256, a.file_name);
  if (!image) return <span className="badge">{a.file_name.split('.').pop()?.toUpperCase() ?? 'FILE'}</span>;
  if (file.status !== 'ready' || file.view.show !== 'image')
    return <span className="thumb-placeholder" aria-hidden="true" />;
  return <img src={file.url} alt="" width={80} className="thumb" />;
}
