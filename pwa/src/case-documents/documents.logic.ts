import { DOCUMENT_MIME, sniffKind } from '@lawfirm/shared-types/attachments/sniff.ts';
import type { TOrdered } from '../tables/rowOrder.ts';

/**
 * Pure rules of the indexed document lists (petition index, replies, reply headings) and their viewers:
 * kept free of React and Dexie so they are tested directly. Their display order is the row table's
 * (ui/rowOrder.ts).
 */

/** The spec's description suggestions for a new petition index item (part 1 §2, Petition index screen). */
export const DESCRIPTION_SUGGESTIONS = [
  'Power of Attorney',
  'Writ Petition along with Affidavit',
  'Application for stay cm',
  'Application for Exemption',
] as const;

/** Clicking a page number scrolls the page this far below the top, clear of sticky bars (part 1 §9). */
export const PAGE_SCROLL_OFFSET = 200;

/** The previous and next record of a list in display order (the viewer's arrows); null at either end. */
export function neighbours(
  sorted: readonly TOrdered[],
  id: string,
): { previous: string | null; next: string | null } {
  const i = sorted.findIndex((r) => r.id === id);
  if (i < 0) return { previous: null, next: null };
  return { previous: sorted[i - 1]?.id ?? null, next: sorted[i + 1]?.id ?? null };
}

/** An attachment's default title: its file name without the extension ("Scan 1.jpg" -> "Scan 1"). */
export function titleFromFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const title = (dot > 0 ? base.slice(0, dot) : base).trim();
  return (title || base || 'file').slice(0, 255);
}

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

/** How the viewer's sidebar names an annexure: "A" reads "Annexure A"; "Annex-B" or "Annexure C" stay. */
export function annexureLabel(value: string): string {
  const v = value.trim();
  return /^annex/i.test(v) ? v : `Annexure ${v}`;
}
