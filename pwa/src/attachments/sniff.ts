import {
  ACCEPTED_TYPES_MESSAGE,
  checkDocumentBytes,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MIME,
  sniffKind,
  type TDocumentKind,
} from '@lawfirm/shared-types/attachments/sniff.ts';

/**
 * Which case-document files may be attached, judged by the same shared check as the server
 * (shared-types attachments/sniff.ts): by the file's own bytes, never by its name or the browser's guess, XML
 * only as data and images within the pixel limits. Checking on the device means a refused file is never
 * stored, queued and then silently refused after the phone is online. (The server also inflates a docx's
 * content types; a PDF's pages are counted by checkPdfPages, which needs pdf-lib.)
 */

export type { TDocumentKind };
export type TSniffed = { kind: TDocumentKind; mime: string };

export { ACCEPTED_TYPES_MESSAGE };
export const SELECT_FILE_MESSAGE = 'Select a File Before Uploading.';
/** The server's limit for one file (shared-types ZUploadCreate). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'The file may not be greater than 50 MB.';

/** The picker's filter: the camera and galleries on phones, plus the document types. */
export const ACCEPT_ATTRIBUTE = 'image/*,application/pdf,.doc,.docx,.xml';

/** The document type of some bytes, or null when they are none of the accepted types. */
export function sniffBytes(b: Uint8Array): TSniffed | null {
  const kind = sniffKind(b);
  return kind ? { kind, mime: DOCUMENT_MIME[kind] } : null;
}

export type TFileCheck = ({ ok: true } & TSniffed) | { ok: false; message: string };

/**
 * Checks one picked file: its bytes must be an accepted type and, when its name has an extension, the name
 * must agree with the bytes (DESIGN §7: the allowlist and the content agree); then its content must be one
 * that may be kept. A camera photo without an extension is judged by its bytes alone.
 */
export function checkFile(name: string, bytes: Uint8Array): TFileCheck {
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, message: TOO_LARGE_MESSAGE };
  const check = checkDocumentBytes(bytes);
  if (!check.kind) return { ok: false, message: ACCEPTED_TYPES_MESSAGE };
  // "Order 12.3.2024" has no extension; "notes.txt" and "scan.heic" do.
  const m = /\.([A-Za-z][A-Za-z0-9]{0,4})$/.exec(name);
  if (m?.[1] && DOCUMENT_EXTENSIONS[m[1].toLowerCase()] !== check.kind)
    return { ok: false, message: ACCEPTED_TYPES_MESSAGE };
  return check.ok ? { ok: true, kind: check.kind, mime: check.mime } : { ok: false, message: check.message };
}

/**
 * A PDF's page tree against the limits, as the server counts it (null: fine). pdf-lib is loaded only when a
 * PDF is picked, in the chunk the PDF downloads use.
 */
export async function checkPdfPages(bytes: Uint8Array): Promise<string | null> {
  const { pdfRefusal } = await import('@lawfirm/shared-types/pdf/attachments/pdf-pages.ts');
  return pdfRefusal(bytes);
}
