import { inflateRawSync } from 'node:zlib';
import {
  ACCEPTED_TYPES_MESSAGE,
  checkDocumentBytes,
  type TDocumentKind,
  type TZipEntry,
} from '@lawfirm/shared-types/attachments/sniff.ts';
import type { PdfWorkers } from '../pdf/pdf-workers.ts';

export { ACCEPTED_TYPES_MESSAGE };

/** The file types case documents may have (part 1 §5): png, jpeg, pdf, doc, docx, xml — judged by content. */
export type DocumentKind = { ext: TDocumentKind; mime: string };

/** The content-types part of a docx must say Word: it is inflated with a hard cap on its size. */
function saysWord(part: Uint8Array, e: TZipEntry): boolean {
  try {
    const xml = e.method === 0 ? part : inflateRawSync(part, { maxOutputLength: 1024 * 1024 });
    return Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength)
      .toString('utf8')
      .includes('wordprocessingml');
  } catch {
    return false;
  }
}

/**
 * What an upload is, by its own bytes, when its content may be kept (shared-types attachments/sniff.ts: XML
 * only as data, images within the pixel limits); null otherwise. Never throws on damaged input.
 */
export function sniffDocument(bytes: Uint8Array): DocumentKind | null {
  const check = checkDocumentBytes(bytes, saysWord);
  return check.ok ? { ext: check.kind, mime: check.mime } : null;
}

export type DocumentCheck =
  | { ok: true; kind: DocumentKind }
  | { ok: false; status: 415 | 422; message: string; shows: TDocumentKind | null };

/**
 * The whole check of an upload, with the reason for a refusal: the type (415 when it is none of the accepted
 * ones), the content rules, and for a PDF its page tree, counted in a PDF worker so a crafted file costs no
 * other request anything.
 */
export async function checkDocument(bytes: Uint8Array, workers: PdfWorkers): Promise<DocumentCheck> {
  const check = checkDocumentBytes(bytes, saysWord);
  if (!check.ok)
    return { ok: false, status: check.kind ? 422 : 415, message: check.message, shows: check.kind };
  if (check.kind === 'pdf') {
    const refusal = await workers.inspectPdf(bytes);
    if (refusal) return { ok: false, status: 422, message: refusal, shows: 'pdf' };
  }
  return { ok: true, kind: { ext: check.kind, mime: check.mime } };
}
