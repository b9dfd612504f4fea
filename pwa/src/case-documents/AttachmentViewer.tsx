import { useState } from 'react';
import { PAGE_SCROLL_OFFSET } from './documents.logic.ts';
import { AttachmentPage, AttachmentThumb } from './AttachmentFile.tsx';
import type { TAttachmentRow } from './useCaseDocuments.ts';
import './case-documents.css';

export const NO_ATTACHMENTS_MESSAGE = 'No attachments in this category.';

function scrollToPage(id: string): void {
  const el = document.getElementById(`page-${id}`);
  if (!el) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({
    top: el.getBoundingClientRect().top + window.scrollY - PAGE_SCROLL_OFFSET,
    behavior: reduce ? 'auto' : 'smooth',
  });
}

/**
 * The pages of one owner's attachments with a page-number sidebar (one viewer for index items, replies and
 * any later module). Clicking a number scrolls smoothly to its page, 200 px from the top, and marks it.
 * `thumbnails` shows each page's thumbnail in the sidebar instead of its number (the naqal form viewer).
 */
export function AttachmentViewer({
  attachments,
  thumbnails = false,
}: {
  attachments: readonly TAttachmentRow[] | undefined;
  thumbnails?: boolean;
}) {
  const [active, setActive] = useState<string | null>(null);
  if (!attachments)
    return (
      <p role="status" className="doc-viewer-empty">
        Loading....
      </p>
    );
  if (!attachments.length) return <p className="doc-viewer-empty">{NO_ATTACHMENTS_MESSAGE}</p>;
  return (
    <div className="doc-viewer">
      <nav aria-label="Pages" className={`page-numbers${thumbnails ? ' page-thumbs' : ''}`}>
        <ol>
          {attachments.map((a, i) => (
            <li key={a.id}>
              <button
                type="button"
                className={active === a.id ? 'active' : undefined}
                aria-label={`Page ${i + 1}`}
                aria-current={active === a.id ? 'true' : undefined}
                onClick={() => {
                  setActive(a.id);
                  scrollToPage(a.id);
                }}
              >
                {thumbnails ? <AttachmentThumb a={a} /> : i + 1}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <div className="doc-pages">
        {attachments.map((a, i) => (
          <AttachmentPage key={a.id} a={a} number={i + 1} />
        ))}
      </div>
    </div>
  );
}
