/**
 * Which case-document files may be attached, judged like the server does (sync-server/src/uploads/
 * sniff-document.ts): by the file's own bytes, never by its name or the browser's guess. Checking on the
 * device means a refused file is never stored, queued and then silently refused after the phone is online.
 */

export type TDocumentKind = 'png' | 'jpg' | 'pdf' | 'doc' | 'docx' | 'xml';
export type TSniffed = { kind: TDocumentKind; mime: string };

export const ACCEPTED_TYPES_MESSAGE = 'Only png, jpeg, jpg, pdf, doc, docx and xml files can be uploaded.';
export const SELECT_FILE_MESSAGE = 'Select a File Before Uploading.';
/** The server's limit for one file (shared-types ZUploadCreate). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'The file may not be greater than 50 MB.';

/** The picker's filter: the camera and galleries on phones, plus the document types. */
export const ACCEPT_ATTRIBUTE = 'image/*,application/pdf,.doc,.docx,.xml';

const MIME: Record<TDocumentKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xml: 'application/xml',
};

/** Extensions a name may have, and the kind its bytes must then be. */
const EXTENSIONS: Record<string, TDocumentKind> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  xml: 'xml',
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (b: Uint8Array, magic: number[]) =>
  b.length >= magic.length && magic.every((x, i) => b[i] === x);

/**
 * Entry names of a zip's central directory, or null when it is not a readable zip. The server also inflates
 * [Content_Types].xml to find Word's content type; the device checks the entries a Word file must have, which
 * refuses ordinary zips (and xlsx, pptx) and leaves the last word to the server.
 */
function zipEntryNames(b: Uint8Array): string[] | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const min = Math.max(0, b.length - 65_557);
  let eocd = -1;
  for (let i = b.length - 22; i >= min; i--)
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (p + 46 > b.length || view.getUint32(p, true) !== 0x02014b50) return null;
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    names.push(decoder.decode(b.subarray(p + 46, p + 46 + nameLen)));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

const isDocx = (b: Uint8Array): boolean => {
  const names = zipEntryNames(b);
  return !!names && names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/'));
};

function isXml(b: Uint8Array): boolean {
  const head = new TextDecoder()
    .decode(b.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<?xml') || /^<[A-Za-z_][\w.:-]*[\s>/]/.test(head);
}

/** The document type of some bytes, or null when they are none of the accepted types. */
export function sniffBytes(b: Uint8Array): TSniffed | null {
  const kind: TDocumentKind | null = startsWith(b, PNG)
    ? 'png'
    : startsWith(b, JPEG)
      ? 'jpg'
      : startsWith(b, PDF)
        ? 'pdf'
        : startsWith(b, OLE)
          ? 'doc'
          : startsWith(b, ZIP)
            ? isDocx(b)
              ? 'docx'
              : null
            : isXml(b)
              ? 'xml'
              : null;
  return kind ? { kind, mime: MIME[kind] } : null;
}

export type TFileCheck = ({ ok: true } & TSniffed) | { ok: false; message: string };

/**
 * Checks one picked file: its bytes must be an accepted type and, when its name has an extension, the name
 * must agree with the bytes (DESIGN §7: the allowlist and the content agree). A camera photo without an
 * extension is judged by its bytes alone.
 */
export function checkFile(name: string, bytes: Uint8Array): TFileCheck {
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, message: TOO_LARGE_MESSAGE };
  const sniffed = sniffBytes(bytes);
  if (!sniffed) return { ok: false, message: ACCEPTED_TYPES_MESSAGE };
  // "Order 12.3.2024" has no extension; "notes.txt" and "scan.heic" do.
  const m = /\.([A-Za-z][A-Za-z0-9]{0,4})$/.exec(name);
  if (m?.[1]) {
    const claimed = EXTENSIONS[m[1].toLowerCase()];
    if (claimed !== sniffed.kind) return { ok: false, message: ACCEPTED_TYPES_MESSAGE };
  }
  return { ok: true, ...sniffed };
}
