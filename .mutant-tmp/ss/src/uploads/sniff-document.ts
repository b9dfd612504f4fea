import { inflateRawSync } from 'node:zlib';
import { sniffImage } from '../files/sniff.ts';

/** The file types case documents may have (part 1 §5): png, jpeg, pdf, doc, docx, xml — judged by content. */
export type DocumentKind = { ext: 'png' | 'jpg' | 'pdf' | 'doc' | 'docx' | 'xml'; mime: string };

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (b: Uint8Array, magic: number[], at = 0) =>
  b.length >= at + magic.length && magic.every((x, i) => b[at + i] === x);
/** A docx must not unzip into more than this (zip bombs). */
const MAX_UNZIPPED = 200 * 1024 * 1024;

/** Reads a zip's central directory: entry names with their sizes, or null when it is not a sane zip. */
function zipEntries(
  b: Buffer,
): { name: string; compressed: number; size: number; method: number; offset: number }[] | null {
  const min = Math.max(0, b.length - 65_557);
  let eocd = -1;
  for (let i = b.length - 22; i >= min; i--)
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) return null;
  const count = b.readUInt16LE(eocd + 10);
  let p = b.readUInt32LE(eocd + 16);
  const out = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) return null;
    const method = b.readUInt16LE(p + 10);
    const compressed = b.readUInt32LE(p + 20);
    const size = b.readUInt32LE(p + 24);
    const nameLen = b.readUInt16LE(p + 28);
    const extraLen = b.readUInt16LE(p + 30);
    const commentLen = b.readUInt16LE(p + 32);
    const offset = b.readUInt32LE(p + 42);
    out.push({ name: b.toString('utf8', p + 46, p + 46 + nameLen), compressed, size, method, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

function isDocx(b: Buffer): boolean {
  const entries = zipEntries(b);
  if (!entries) return false;
  const declared = entries.reduce((n, e) => n + e.size, 0);
  if (declared > MAX_UNZIPPED) return false;
  const ct = entries.find((e) => e.name === '[Content_Types].xml');
  if (!ct || !entries.some((e) => e.name.startsWith('word/'))) return false;
  // Check the content-types part really says Word, inflating only that small entry with a hard output cap.
  const local = ct.offset;
  if (b.readUInt32LE(local) !== 0x04034b50) return false;
  const start = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
  const raw = b.subarray(start, start + ct.compressed);
  try {
    const xml = (ct.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: 1024 * 1024 })).toString(
      'utf8',
    );
    return xml.includes('wordprocessingml');
  } catch {
    return false;
  }
}

function isXml(b: Buffer): boolean {
  const head = b
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<?xml') || /^<[A-Za-z_][\w.:-]*[\s>/]/.test(head);
}

export function sniffDocument(bytes: Buffer): DocumentKind | null {
  const img = sniffImage(bytes);
  if (img) return img;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { ext: 'pdf', mime: 'application/pdf' };
  if (startsWith(bytes, OLE)) return { ext: 'doc', mime: 'application/msword' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && isDocx(bytes))
    return { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  if (isXml(bytes)) return { ext: 'xml', mime: 'application/xml' };
  return null;
}

export const ACCEPTED_TYPES_MESSAGE = 'Only png, jpeg, jpg, pdf, doc, docx and xml files can be uploaded.';
