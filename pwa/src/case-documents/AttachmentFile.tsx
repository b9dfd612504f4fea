import { usePendingFor } from '../sync/hooks.ts';
import { PendingMark } from '../feedback/PendingMark.tsx';
import { isImageMime } from '../attachments/fileView.ts';
import type { TAttachmentRow } from './useCaseDocuments.ts';
import { FileLink, FileStatus } from '../attachments/FileView.tsx';
import { useFileUploaded, useLocalFile } from '../attachments/useLocalFile.ts';

export const attachmentLabel = (a: TAttachmentRow): string => a.title || a.file_name;

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
      ) : (
        <FileLink url={file.url} view={file.view} name={a.file_name} className="btn">
          Click to Open
        </FileLink>
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
