import { imageInfo, imageLimitMessage } from './limits.ts';
import { looksLikeMarkup, xmlRefusal } from './xml.ts';

/**
 * Which files case documents may have (part 1 §5: png, jpeg, pdf, doc, docx, xml), judged by the file's own
 * bytes (DESIGN §7), the same on the server and on the device: a file the device accepts is not refused later
 * when the phone is online. PDF page counts need pdf-lib and are checked apart (pdf/attachments/pdf-pages.ts).
 */
export type TDocumentKind = 'png' | 'jpg' | 'pdf' | 'doc' | 'docx' | 'xml';

export const DOCUMENT_MIME: Record<TDocumentKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xml: 'application/xml',
};

/** Extensions a file's name may have, and the kind its bytes must then be (DESIGN §7: both must agree). */
export const DOCUMENT_EXTENSIONS: Readonly<Record<string, TDocumentKind>> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  xml: 'xml',
};

export const ACCEPTED_TYPES_MESSAGE = 'Only png, jpeg, jpg, pdf, doc, docx and xml files can be uploaded.';
/** A docx must not unzip into more than this (zip bombs). */
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (b: Uint8Array, magic: number[]) =>
  b.length >= magic.length && magic.every((x, i) => b[i] === x);

export type TZipEntry = { name: string; method: number; compressed: number; size: number; offset: number };

/**
 * A zip's central directory, or null when it is not a readable zip. Every offset is checked against the
 * file's length: a directory that points past the end is a damaged file, not a crash.
 */
export function zipEntries(b: Uint8Array): TZipEntry[] | null {
  if (b.length < 22) return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const min = Math.max(0, b.length - 65_557);
  let eocd = -1;
  for (let i = b.length - 22; i >= min; i--)
    if (v.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) return null;
  const count = v.getUint16(eocd + 10, true);
  let p = v.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  const out: TZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > b.length || v.getUint32(p, true) !== 0x02014b50) return null;
    const nameLen = v.getUint16(p + 28, true);
    const end = p + 46 + nameLen + v.getUint16(p + 30, true) + v.getUint16(p + 32, true);
    if (end > b.length) return null;
    const offset = v.getUint32(p + 42, true);
    if (offset + 30 > b.length) return null;
    out.push({
      name: decoder.decode(b.subarray(p + 46, p + 46 + nameLen)),
      method: v.getUint16(p + 10, true),
      compressed: v.getUint32(p + 20, true),
      size: v.getUint32(p + 24, true),
      offset,
    });
    p = end;
  }
  return out;
}

/** The stored bytes of one zip entry (still compressed), or null when its local header points past the end. */
export function zipEntryData(b: Uint8Array, e: TZipEntry): Uint8Array | null {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (e.offset + 30 > b.length || v.getUint32(e.offset, true) !== 0x04034b50) return null;
  const start = e.offset + 30 + v.getUint16(e.offset + 26, true) + v.getUint16(e.offset + 28, true);
  if (start + e.compressed > b.length) return null;
  return b.subarray(start, start + e.compressed);
}

/**
 * A Word file: a zip with [Content_Types].xml and a word/ folder, not unzipping into more than the bound.
 * `contentTypesSay` may also read the content-types part (the server inflates it to find Word's type).
 */
function isDocx(b: Uint8Array, contentTypesSay?: (part: Uint8Array, e: TZipEntry) => boolean): boolean {
  const entries = zipEntries(b);
  if (!entries) return false;
  if (entries.reduce((n, e) => n + e.size, 0) > MAX_UNZIPPED_BYTES) return false;
  const ct = entries.find((e) => e.name === '[Content_Types].xml');
  if (!ct || !entries.some((e) => e.name.startsWith('word/'))) return false;
  if (!contentTypesSay) return true;
  const part = zipEntryData(b, ct);
  return !!part && contentTypesSay(part, ct);
}

/** The kind the bytes show, before any check of their content ('xml' for anything that starts like markup). */
export function sniffKind(
  b: Uint8Array,
  contentTypesSay?: (part: Uint8Array, e: TZipEntry) => boolean,
): TDocumentKind | null {
  if (startsWith(b, PNG)) return 'png';
  if (startsWith(b, JPEG)) return 'jpg';
  if (startsWith(b, PDF)) return 'pdf';
  if (startsWith(b, OLE)) return 'doc';
  if (startsWith(b, ZIP)) return isDocx(b, contentTypesSay) ? 'docx' : null;
  return looksLikeMarkup(b) ? 'xml' : null;
}

/** A refused file still says what kind its bytes show (null: none), so a name that lies is told apart. */
export type TDocumentCheck =
  | { ok: true; kind: TDocumentKind; mime: string }
  | { ok: false; kind: TDocumentKind | null; message: string };

/** Why a file of this kind may not be kept, or null: XML only as data, images within the pixel limits. */
function contentRefusal(kind: TDocumentKind, b: Uint8Array): string | null {
  if (kind === 'xml') return xmlRefusal(b);
  if (kind !== 'png' && kind !== 'jpg') return null;
  // An image whose size cannot be read is kept: a built PDF names it as not included.
  const info = imageInfo(b);
  return info ? imageLimitMessage(info) : null;
}

/** A file's kind by its bytes, and whether its content may be kept. */
export function checkDocumentBytes(
  b: Uint8Array,
  contentTypesSay?: (part: Uint8Array, e: TZipEntry) => boolean,
): TDocumentCheck {
  const kind = sniffKind(b, contentTypesSay);
  if (!kind) return { ok: false, kind, message: ACCEPTED_TYPES_MESSAGE };
  const refusal = contentRefusal(kind, b);
  return refusal ? { ok: false, kind, message: refusal } : { ok: true, kind, mime: DOCUMENT_MIME[kind] };
}
