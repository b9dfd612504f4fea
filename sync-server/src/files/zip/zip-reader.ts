import { open, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { Inflate } from 'fflate';
import {
  CENTRAL_SIG,
  DEFLATE,
  EOCD64_LOCATOR_SIG,
  EOCD64_SIG,
  EOCD_SIG,
  LOCAL_SIG,
  STORE,
  U16_MAX,
  U32_MAX,
  ZIP64_EXTRA,
} from './zip-format.ts';

/**
 * Reads a zip archive from its central directory (the list at its end), then each entry by the offset and
 * length that list gives: no signature scanning, so an entry whose bytes happen to hold one is read whole, and
 * ZIP64 archives (over 65,535 entries or 4 GiB, as zip-writer.ts writes them) are read like small ones.
 */

export class NotAZipError extends Error {}

export type ZipEntry = {
  name: string;
  method: number;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
};

/** A central directory larger than this is not one ZipWriter made (it is ~130 bytes an entry). */
const MAX_DIRECTORY = 512 * 1024 * 1024;
/** An entry's bytes are read in pieces of this size, whatever its length. */
const READ_CHUNK = 1 << 20;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const b = Buffer.alloc(length);
  const { bytesRead } = await fh.read(b, 0, length, position);
  if (bytesRead < length) throw new NotAZipError('the archive ends early');
  return b;
}

const u64 = (b: Buffer, at: number): number => {
  const v = b.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new NotAZipError('a size beyond what a file can hold');
  return Number(v);
};

/** Finds the end records: the classic one in the last 64 KiB (after a comment), then its ZIP64 form if any. */
async function directoryOf(
  fh: FileHandle,
  fileSize: number,
): Promise<{ count: number; size: number; offset: number }> {
  const tail = Math.min(fileSize, 22 + U16_MAX);
  if (tail < 22) throw new NotAZipError('too short to be a zip archive');
  const buf = await readAt(fh, fileSize - tail, tail);
  let at = -1;
  for (let i = tail - 22; i >= 0; i--)
    if (buf.readUInt32LE(i) === EOCD_SIG) {
      at = i;
      break;
    }
  if (at < 0) throw new NotAZipError('no zip directory at its end');
  let count = buf.readUInt16LE(at + 10);
  let size = buf.readUInt32LE(at + 12);
  let offset = buf.readUInt32LE(at + 16);
  const locatorAt = fileSize - tail + at - 20;
  if (locatorAt >= 0) {
    const locator = await readAt(fh, locatorAt, 20);
    if (locator.readUInt32LE(0) === EOCD64_LOCATOR_SIG) {
      const end64 = await readAt(fh, u64(locator, 8), 56);
      if (end64.readUInt32LE(0) !== EOCD64_SIG) throw new NotAZipError('a damaged ZIP64 end record');
      count = u64(end64, 32);
      size = u64(end64, 40);
      offset = u64(end64, 48);
    }
  }
  if (offset + size > fileSize || size > MAX_DIRECTORY) throw new NotAZipError('a damaged zip directory');
  return { count, size, offset };
}

function parseDirectory(dir: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL_SIG)
      throw new NotAZipError('a damaged zip directory');
    const nameLen = dir.readUInt16LE(p + 28);
    const extraLen = dir.readUInt16LE(p + 30);
    const commentLen = dir.readUInt16LE(p + 32);
    if (p + 46 + nameLen + extraLen + commentLen > dir.length)
      throw new NotAZipError('a damaged zip directory');
    let compressedSize = dir.readUInt32LE(p + 20);
    let size = dir.readUInt32LE(p + 24);
    let offset = dir.readUInt32LE(p + 42);
    // ZIP64 extra field: only the values whose 32-bit field is all ones, in this order.
    for (let x = p + 46 + nameLen, end = x + extraLen; x + 4 <= end;) {
      const id = dir.readUInt16LE(x);
      const len = dir.readUInt16LE(x + 2);
      if (id === ZIP64_EXTRA) {
        let q = x + 4;
        if (size === U32_MAX) {
          size = u64(dir, q);
          q += 8;
        }
        if (compressedSize === U32_MAX) {
          compressedSize = u64(dir, q);
          q += 8;
        }
        if (offset === U32_MAX) offset = u64(dir, q);
      }
      x += 4 + len;
    }
    entries.push({
      name: dir.toString('utf8', p + 46, p + 46 + nameLen),
      method: dir.readUInt16LE(p + 10),
      crc: dir.readUInt32LE(p + 16),
      size,
      compressedSize,
      offset,
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

export type ZipReader = {
  entries: ZipEntry[];
  /** The entry's bytes in chunks; throws when they do not match the CRC or size the directory gives. */
  read: (entry: ZipEntry) => AsyncIterable<Uint8Array>;
  close: () => Promise<void>;
};

export async function openZip(path: string): Promise<ZipReader> {
  const fh = await open(path, 'r');
  try {
    const fileSize = (await fh.stat()).size;
    const d = await directoryOf(fh, fileSize);
    const entries = parseDirectory(await readAt(fh, d.offset, d.size), d.count);

    async function* read(e: ZipEntry): AsyncIterable<Uint8Array> {
      const local = await readAt(fh, e.offset, 30);
      if (local.readUInt32LE(0) !== LOCAL_SIG) throw new NotAZipError(`a damaged entry: ${e.name}`);
      const start = e.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (start + e.compressedSize > fileSize) throw new NotAZipError(`an entry cut short: ${e.name}`);
      if (e.method !== STORE && e.method !== DEFLATE)
        throw new NotAZipError(`an unknown compression: ${e.name}`);
      let crc = 0;
      let size = 0;
      let out: Uint8Array[] = [];
      const inflater = e.method === DEFLATE ? new Inflate((chunk) => void out.push(chunk)) : null;
      const inflate = (chunk: Uint8Array, final?: boolean) => {
        try {
          inflater!.push(chunk, final);
        } catch {
          throw new NotAZipError(`a damaged entry: ${e.name}`);
        }
      };
      const take = function* (): Generator<Uint8Array> {
        for (const c of out) {
          crc = crc32(c, crc);
          size += c.byteLength;
          yield c;
        }
        out = [];
      };
      for (let at = start, end = start + e.compressedSize; at < end;) {
        const chunk = Buffer.alloc(Math.min(READ_CHUNK, end - at));
        const { bytesRead } = await fh.read(chunk, 0, chunk.length, at);
        if (bytesRead === 0) throw new NotAZipError(`an entry cut short: ${e.name}`);
        at += bytesRead;
        if (inflater) inflate(chunk.subarray(0, bytesRead));
        else out.push(chunk.subarray(0, bytesRead));
        yield* take();
      }
      if (inflater) {
        inflate(new Uint8Array(0), true);
        yield* take();
      }
      if (size !== e.size || crc >>> 0 !== e.crc) throw new NotAZipError(`a damaged entry: ${e.name}`);
    }

    return { entries, read, close: () => fh.close() };
  } catch (e) {
    await fh.close();
    throw e;
  }
}
