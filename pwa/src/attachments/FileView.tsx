import type { ReactNode } from 'react';
import type { TFileView } from './fileView.ts';
import { NOT_DOWNLOADED_MESSAGE, NOT_UPLOADED_MESSAGE, type TLocalFileState } from './useLocalFile.ts';
import './attachments.css';

/**
 * The one way a file of the attachment model opens (useLocalFile's view of its bytes): a PDF in a new tab, any
 * other file that is no image (XML, Word) downloaded under its own name, never opened as a page of the app.
 * Used by every list of files (SavedFile) and by the document viewer's pages.
 */
export function FileLink({
  url,
  view,
  name,
  className,
  children,
}: {
  url: string;
  view: TFileView;
  name: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={url}
      className={className}
      {...(view.show === 'download' ? { download: name } : { target: '_blank', rel: 'noopener noreferrer' })}
    >
      {children}
    </a>
  );
}

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
