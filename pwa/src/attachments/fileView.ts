import { DOCUMENT_MIME, sniffKind } from '@lawfirm/shared-types/attachments/sniff.ts';

/** Is this attachment shown inline as a page (png, jpeg) rather than as a link? */
export const isImageMime = (mime: unknown): boolean => mime === 'image/png' || mime === 'image/jpeg';

/**
 * How an attachment's bytes may be shown on the app's origin (issue 9): PNG and JPEG inline, PDF in a new
 * tab, everything else (XML, Word) only downloaded, under a type no browser renders. A blob: URL is a
 * document of the app's own origin, so a file that could run script (XHTML, SVG, an XML stylesheet) must
 * never open as one. The bytes decide, not the row's mime_type, which is what some device said.
 */
export type TFileView = { show: 'image' | 'tab' | 'download'; type: string };

export function fileView(head: Uint8Array): TFileView {
  const kind = sniffKind(head);
  if (kind === 'png' || kind === 'jpg') return { show: 'image', type: DOCUMENT_MIME[kind] };
  if (kind === 'pdf') return { show: 'tab', type: DOCUMENT_MIME.pdf };
  return { show: 'download', type: 'application/octet-stream' };
}

/** Bytes that decide a file's view: enough for every signature fileView reads. */
export const VIEW_HEAD_BYTES = 16;
