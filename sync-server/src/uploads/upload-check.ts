import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import {
  ACCEPTED_TYPES_MESSAGE,
  checkDocumentBytes,
  DOCUMENT_MIME,
  MAX_UNZIPPED_BYTES,
  type TZipEntry,
} from '@lawfirm/shared-types/attachments/sniff.ts';
import { HttpError } from '../http/errors.ts';
import { createWorkQueue } from '../http/work-queue.ts';
import type { PdfWorkers } from '../pdf/pdf-workers.ts';
import { checkDocument, type DocumentCheck } from './sniff-document.ts';

/**
 * The checks of a finished upload (up to 50 MB) read from its file with bounded memory (issue 33): the hash
 * streamed; the type from the head bytes; a docx judged from its zip directory and its content-types part, read
 * where they lie; an image's size from its headers, read from the start until they are found (a photo's are in
 * its first few KB). Only two kinds are still read whole, as their checks need every byte: a PDF (its page tree
 * is counted by pdf-lib in a PDF worker) and an XML file (parsed whole, sniff-document.ts), and at most
 * WHOLE_CHECKS_AT_ONCE of those at a time. Every answer is the one `checkDocument` gives for the whole file's bytes.
 */

/** The head bytes read for the type (and for most images, their size). */
const HEAD_BYTES = 64 * 1024;
/** A zip's end record lies within its last 65,557 bytes (22 and a comment of at most 65,535). */
const EOCD_SPAN = 65_557;
/** A docx's directory and its content-types part are small; larger ones are no Word file. */
const MAX_ZIP_DIRECTORY = 4 * 1024 * 1024;
const MAX_CONTENT_TYPES = 1024 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const startsWith = (b: Uint8Array, magic: number[]) =>
  b.length >= magic.length && magic.every((x, i) => b[i] === x);

export const MSG_CHECKS_BUSY = 'The server is busy checking uploaded files. Please try again in a moment.';

export type UploadFileCheck = { sha256: string; size: number; check: DocumentCheck };

/**
 * How many uploads of this process may be held whole at once for their checks (a PDF or an XML file: up to
 * 50 MB each, and an XML file's text twice that while it is scanned). The others wait their turn, so twenty
 * phones finishing large uploads together cost two files' memory, not twenty.
 */
export const WHOLE_CHECKS_AT_ONCE = 2;
/**
 * The line of whole-file checks waiting their turn: each holds only its file on disk meanwhile, and an upload
 * whose check is refused for a full line would be sent again whole by the device, so the line is long.
 */
const wholeChecks = createWorkQueue(WHOLE_CHECKS_AT_ONCE, 10_000, () => new HttpError(503, MSG_CHECKS_BUSY));

/** `onRead` (tests): told the size of every read the check keeps in memory (the hash's stream aside). */
export async function checkUploadFile(
  path: string,
  workers: PdfWorkers,
  onRead: (bytes: number) => void = () => undefined,
  /** Tests: told when a file read whole is let go, its check done. */
  onLetGo: (bytes: number) => void = () => undefined,
): Promise<UploadFileCheck> {
  const sha256 = await streamedSha256(path);
  return { sha256, ...(await checkFileAt(path, workers, onRead, onLetGo)) };
}

/** The checks of checkUploadFile without the hash (a multipart file's was taken as it came in). */
export async function checkFileAt(
  path: string,
  workers: PdfWorkers,
  onRead: (bytes: number) => void = () => undefined,
  onLetGo: (bytes: number) => void = () => undefined,
): Promise<Omit<UploadFileCheck, 'sha256'>> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    const read = async (at: number, length: number): Promise<Buffer> => {
      const n = Math.max(0, Math.min(length, size - at));
      const buf = Buffer.alloc(n);
      if (n) await fh.read(buf, 0, n, at);
      onRead(n);
      return buf;
    };
    const head = await read(0, HEAD_BYTES);
    // Read whole, at most WHOLE_CHECKS_AT_ONCE at a time: their checks need every byte (see above).
    const checkWhole = () =>
      wholeChecks.run(async () => {
        // A file no larger than its head bytes was read whole already.
        const bytes = head.length === size ? head : await read(0, size);
        try {
          return await checkDocument(bytes, workers);
        } finally {
          onLetGo(bytes.length);
        }
      });
    if (startsWith(head, ZIP)) {
      const docx = await isDocxFile(read, size);
      return {
        size,
        check: docx
          ? { ok: true, kind: { ext: 'docx', mime: docx } }
          : { ok: false, status: 415, message: ACCEPTED_TYPES_MESSAGE, shows: null },
      };
    }
    const wholeCheck = () => (head.length === size ? checkDocument(head, workers) : checkWhole());
    if (startsWith(head, PDF)) return { size, check: await wholeCheck() };
    const byHead = checkDocumentBytes(head);
    if (byHead.kind === 'png' || byHead.kind === 'jpg') {
      // The headers that hold the size, read further while they go on (what the whole file would show).
      let bytes = head;
      while (bytes.length < size && !imageSizeKnown(bytes))
        bytes = Buffer.concat([bytes, await read(bytes.length, bytes.length)]);
      return { size, check: await checkDocument(bytes, workers) };
    }
    // A Word 97 file: its signature is all there is to check.
    if (byHead.kind === 'doc') return { size, check: await checkDocument(head, workers) };
    // XML is parsed whole, and so is a file whose head is only blank (markup may start further on); anything
    // else is refused by its head.
    const readWhole = byHead.kind === 'xml' || (head.length < size && onlyBlank(head));
    return { size, check: await (readWhole ? wholeCheck() : checkDocument(head, workers)) };
  } finally {
    await fh.close();
  }
}

/**
 * Whether the bytes read hold everything the image check reads (shared-types attachments/limits.ts imageInfo),
 * so the rest of the file cannot change its answer: a PNG's header and its chunks up to the first IDAT (where a
 * tRNS may be), a JPEG's segments up to its frame header.
 */
function imageSizeKnown(bytes: Uint8Array): boolean {
  if (bytes[0] === 0x89) return bytes.length >= 33 && pngChunksDone(bytes);
  return jpegFrameFound(bytes);
}

/** A PNG's chunks before its first IDAT (where tRNS may be) all lie within the bytes read. */
function pngChunksDone(b: Uint8Array): boolean {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let at = 33; at + 8 <= b.length;) {
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    if (type === 'IDAT' || type === 'IEND' || type === 'tRNS') return true;
    at += 12 + v.getUint32(at);
  }
  return false;
}

/** A JPEG's frame header (SOFn but DHT) lies within the bytes read. */
function jpegFrameFound(b: Uint8Array): boolean {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let at = 2; at + 4 <= b.length;) {
    const marker = v.getUint16(at);
    if (marker >= 0xffc0 && marker <= 0xffcf && marker !== 0xffc4) return at + 9 <= b.length;
    at += 2 + v.getUint16(at + 2);
  }
  return false;
}

/** Blank bytes (and a UTF-8 byte order mark) only: looksLikeMarkup reads on past them. */
function onlyBlank(b: Uint8Array): boolean {
  const from = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  for (let i = from; i < b.length; i++) {
    const c = b[i]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
  }
  return true;
}

async function streamedSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: HEAD_BYTES }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

type Read = (at: number, length: number) => Promise<Buffer>;

/**
 * A Word file by its zip directory, read where it lies (the same rules as shared-types' isDocx on the whole
 * file: a [Content_Types].xml saying Word, a word/ folder, not unzipping into more than the bound; every offset
 * checked against the file's size). Answers the docx type, or null.
 */
async function isDocxFile(read: Read, size: number): Promise<string | null> {
  if (size < 22) return null;
  const tailAt = Math.max(0, size - EOCD_SPAN);
  const tail = await read(tailAt, size - tailAt);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) return null;
  const count = tail.readUInt16LE(eocd + 10);
  const dirAt = tail.readUInt32LE(eocd + 16);
  // The directory runs from its offset; its entries are walked as they come, each checked against the file.
  // (A directory over MAX_ZIP_DIRECTORY, tens of thousands of entries, is no Word file.)
  if (dirAt >= size) return null;
  const dir = await read(dirAt, Math.min(size - dirAt, MAX_ZIP_DIRECTORY));
  const entries: TZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLen = dir.readUInt16LE(p + 28);
    const end = p + 46 + nameLen + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
    if (end > dir.length) return null;
    const offset = dir.readUInt32LE(p + 42);
    if (offset + 30 > size) return null;
    entries.push({
      name: dir.toString('utf8', p + 46, p + 46 + nameLen),
      method: dir.readUInt16LE(p + 10),
      compressed: dir.readUInt32LE(p + 20),
      size: dir.readUInt32LE(p + 24),
      offset,
    });
    p = end;
  }
  if (entries.reduce((n, e) => n + e.size, 0) > MAX_UNZIPPED_BYTES) return null;
  const ct = entries.find((e) => e.name === '[Content_Types].xml');
  if (!ct || !entries.some((e) => e.name.startsWith('word/'))) return null;
  const local = await read(ct.offset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) return null;
  const start = ct.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  // (A content-types part over MAX_CONTENT_TYPES is no Word file's either.)
  if (start + ct.compressed > size || ct.compressed > MAX_CONTENT_TYPES) return null;
  const part = await read(start, ct.compressed);
  try {
    const xml = ct.method === 0 ? part : inflateRawSync(part, { maxOutputLength: 1024 * 1024 });
    return xml.toString('utf8').includes('wordprocessingml') ? DOCUMENT_MIME.docx : null;
  } catch {
    return null;
  }
}
