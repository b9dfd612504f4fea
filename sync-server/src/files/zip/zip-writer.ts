import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Deflate, deflateSync } from 'fflate';
import {
  CENTRAL_SIG,
  DEFLATE,
  DESCRIPTOR_SIG,
  dosDateTime,
  EOCD64_LOCATOR_SIG,
  EOCD64_SIG,
  EOCD_SIG,
  LOCAL_SIG,
  STORE,
  U16_MAX,
  U32_MAX,
  ZIP64_EXTRA,
} from './zip-format.ts';
import type { TZipSink } from './zip-sinks.ts';

/**
 * A zip archive written front to back into a sink (zip-sinks.ts: a file for a backup, an HTTP answer for a
 * firm export), streaming: an entry's bytes pass through once (CRC-32 and SHA-256 taken, deflated when asked)
 * and only the central directory (a few dozen bytes an entry) and one block of output are held.
 *
 * Why not fflate's own `Zip`: it writes no ZIP64, so an archive stops at 65,535 entries and 4 GiB (a firm
 * passes both within a year of scanned documents). fflate deflates; the container is written here, in ZIP64
 * form wherever a count, a size or an offset needs it (unzip, 7-Zip, Python's zipfile and fflate read it).
 *
 * Where an entry's CRC and sizes go, so that every reader, even one reading front to back, finds its end:
 * - bytes given whole: in its local header;
 * - bytes streamed into a sink that can write over earlier bytes (a file): in its local header too, written
 *   once the bytes are through (in memory while the header is still in the unsent block, else over it);
 * - bytes streamed into a sink that cannot (an answer on its way): in a data descriptor after them. Only a
 *   deflated entry is streamed so, as its end is marked in its own bytes; a stored one's end would be found by
 *   scanning for the descriptor's signature, which a PDF's bytes may hold, so it is refused.
 */

export type TZipEntryInfo = { name: string; size: number; compressedSize: number; sha256: string };
export type TZipEntryOptions = {
  /** Deflate it: text and databases. Stored files (PDFs, photos) are compressed already: stored as they are. */
  deflate?: boolean;
  /** Its time in the archive; the writer's `madeAt` when not given. */
  mtime?: Date;
};
/** An entry's bytes: whole, or a stream of chunks (a file being read, rows being written). */
export type TZipData = Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

type TEntry = {
  name: Buffer;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
  /** Its sizes and offset are in a ZIP64 extra field (the 32-bit fields say "see ZIP64"). */
  zip64: boolean;
};

/** General purpose flags: bit 3, the CRC and sizes follow the bytes; bit 11, the name is UTF-8 (Urdu names). */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
/** "Made by" Unix (3) with spec 4.5, so readers apply the file mode in the external attributes. */
const MADE_BY = (3 << 8) | 45;
const needs = (zip64: boolean) => (zip64 ? 45 : 20);
/** Output is gathered into writes of about this size: deflate's output comes in small pieces. */
const BLOCK = 256 * 1024;

const tooBig = (name: string) =>
  new Error(`${name} is too large for one zip entry streamed to an answer (4 GiB)`);

function iteratorOf(data: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) {
  return Symbol.asyncIterator in data ? data[Symbol.asyncIterator]() : data[Symbol.iterator]();
}

export class ZipWriter {
  readonly #sink: TZipSink;
  readonly #madeAt: Date;
  /** External attributes: a regular file with this mode. */
  readonly #attributes: number;
  readonly #entries: TEntry[] = [];
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;
  #sent = 0;
  /** Counts the blocks handed to the sink, so an entry knows whether its header is still in #pending. */
  #blocks = 0;
  /** `broken`: an entry failed half written; what follows could not be trusted. */
  #state: 'ready' | 'adding' | 'finished' | 'broken' = 'ready';

  constructor(sink: TZipSink, opts: { madeAt?: Date; fileMode?: number } = {}) {
    this.#sink = sink;
    this.#madeAt = opts.madeAt ?? new Date();
    this.#attributes = ((0o100000 | (opts.fileMode ?? 0o644)) << 16) >>> 0;
  }

  /** Bytes written so far (handed to the sink or about to be). */
  get bytesWritten(): number {
    return this.#sent + this.#pendingBytes;
  }

  /** The number of entries added so far. */
  get count(): number {
    return this.#entries.length;
  }

  /**
   * Adds one entry, deflated when `opts.deflate` is set; answers its sizes and SHA-256. One entry at a time:
   * the next waits for this one. A source that fails on its first read (a file gone) leaves the archive as it
   * was, so the caller may go on; a later failure leaves it unusable.
   */
  async add(name: string, data: TZipData, opts: TZipEntryOptions = {}): Promise<TZipEntryInfo> {
    this.#check();
    const nameBytes = Buffer.from(name, 'utf8');
    if (nameBytes.length > U16_MAX) throw new Error(`A zip entry name is too long: ${name.slice(0, 80)}`);
    const { time, date } = dosDateTime(opts.mtime ?? this.#madeAt);
    const entry: TEntry = {
      name: nameBytes,
      flags: FLAG_UTF8,
      method: opts.deflate ? DEFLATE : STORE,
      time,
      date,
      crc: 0,
      size: 0,
      compressedSize: 0,
      offset: 0,
      zip64: false,
    };
    this.#state = 'adding';
    let started = false;
    try {
      const sha256 =
        data instanceof Uint8Array
          ? await this.#addWhole(entry, data, () => (started = true))
          : await this.#addStreamed(entry, data, () => (started = true));
      this.#entries.push(entry);
      this.#state = 'ready';
      return { name, size: entry.size, compressedSize: entry.compressedSize, sha256 };
    } catch (e) {
      this.#state = started ? 'broken' : 'ready';
      throw e;
    }
  }

  async #addWhole(e: TEntry, bytes: Uint8Array, start: () => void): Promise<string> {
    // Deflated in one go: only small entries (a manifest, a README) are given whole and deflated.
    const body = e.method === DEFLATE ? deflateSync(bytes, { level: 6 }) : bytes;
    e.crc = crc32(bytes) >>> 0;
    e.size = bytes.byteLength;
    e.compressedSize = body.byteLength;
    e.zip64 = e.size >= U32_MAX || e.compressedSize >= U32_MAX;
    e.offset = this.bytesWritten;
    start();
    await this.#write(this.#localHeader(e));
    await this.#write(body);
    return createHash('sha256').update(bytes).digest('hex');
  }

  async #addStreamed(
    e: TEntry,
    data: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
    start: () => void,
  ): Promise<string> {
    const seekable = this.#sink.writeAt !== undefined;
    if (!seekable && e.method === STORE)
      throw new Error(`A stored zip entry streamed to an answer must be given whole: ${e.name.toString()}`);
    const chunks = iteratorOf(data);
    let done = false;
    try {
      // Read before anything is written, so a source that cannot be read leaves the archive as it was.
      let next = await chunks.next();
      // Its size is not known yet: the header makes room for 64-bit sizes, or they follow in a descriptor.
      if (seekable) e.zip64 = true;
      else e.flags |= FLAG_DESCRIPTOR;
      e.offset = this.bytesWritten;
      const header = this.#localHeader(e);
      const blocks = this.#blocks;
      start();
      await this.#write(header);

      const sha = createHash('sha256');
      // Deflate calls back synchronously from push(); its output waits here until the push returns.
      let out: Uint8Array[] = [];
      const deflater = e.method === DEFLATE ? new Deflate({ level: 6 }, (c) => void out.push(c)) : null;
      const emit = async () => {
        for (const c of out) {
          e.compressedSize += c.byteLength;
          await this.#write(c);
        }
        out = [];
      };
      for (; !next.done; next = await chunks.next()) {
        const chunk = next.value;
        sha.update(chunk);
        e.crc = crc32(chunk, e.crc);
        e.size += chunk.byteLength;
        if (deflater) {
          deflater.push(chunk);
          await emit();
        } else {
          e.compressedSize += chunk.byteLength;
          await this.#write(chunk);
        }
      }
      done = true;
      if (deflater) {
        deflater.push(new Uint8Array(0), true);
        await emit();
      }
      e.crc >>>= 0;

      if (!seekable) {
        if (e.size >= U32_MAX || e.compressedSize >= U32_MAX) throw tooBig(e.name.toString());
        const d = Buffer.alloc(16);
        d.writeUInt32LE(DESCRIPTOR_SIG, 0);
        d.writeUInt32LE(e.crc, 4);
        d.writeUInt32LE(e.compressedSize, 8);
        d.writeUInt32LE(e.size, 12);
        await this.#write(d);
      } else {
        // Still waiting in the unsent block: it takes its sizes in place. Else it is written again, over itself.
        this.#fillLocalHeader(header, e);
        if (this.#blocks !== blocks) await this.#sink.writeAt!(header, e.offset);
      }
      return sha.digest('hex');
    } finally {
      // A source given up half way (an error here) is told so: a file being read is closed.
      if (!done) await chunks.return?.();
    }
  }

  /** Writes the central directory and its end records, then ends the sink; answers the archive's size. */
  async finish(): Promise<number> {
    this.#check();
    this.#state = 'finished';
    const start = this.bytesWritten;
    let zip64 = false;
    for (const e of this.#entries) {
      const record = this.#centralRecord(e);
      zip64 ||= record.readUInt32LE(42) === U32_MAX;
      await this.#write(record);
    }
    const size = this.bytesWritten - start;
    const count = this.#entries.length;
    // Also when only an entry is ZIP64: some readers (fflate) read ZIP64 extra fields only in a ZIP64 archive.
    if (zip64 || count >= U16_MAX || start >= U32_MAX || size >= U32_MAX) {
      const z = Buffer.alloc(56 + 20);
      z.writeUInt32LE(EOCD64_SIG, 0);
      z.writeBigUInt64LE(44n, 4);
      z.writeUInt16LE(MADE_BY, 12);
      z.writeUInt16LE(needs(true), 14);
      z.writeBigUInt64LE(BigInt(count), 24);
      z.writeBigUInt64LE(BigInt(count), 32);
      z.writeBigUInt64LE(BigInt(size), 40);
      z.writeBigUInt64LE(BigInt(start), 48);
      // The locator: where the ZIP64 end record is.
      z.writeUInt32LE(EOCD64_LOCATOR_SIG, 56);
      z.writeBigUInt64LE(BigInt(start + size), 64);
      z.writeUInt32LE(1, 72);
      await this.#write(z);
    }
    // The classic end record, with the real numbers where they fit and "see ZIP64" where they do not.
    const end = Buffer.alloc(22);
    end.writeUInt32LE(EOCD_SIG, 0);
    end.writeUInt16LE(Math.min(count, U16_MAX), 8);
    end.writeUInt16LE(Math.min(count, U16_MAX), 10);
    end.writeUInt32LE(Math.min(size, U32_MAX), 12);
    end.writeUInt32LE(Math.min(start, U32_MAX), 16);
    await this.#write(end);
    await this.#flush();
    await this.#sink.end();
    return this.#sent;
  }

  /** Gives the archive up: the sink is closed or destroyed with `reason`. */
  async abort(reason: Error): Promise<void> {
    this.#state = 'broken';
    await this.#sink.abort(reason);
  }

  #check(): void {
    if (this.#state === 'adding') throw new Error('A zip entry is still open');
    if (this.#state === 'finished') throw new Error('The zip is finished');
    if (this.#state === 'broken') throw new Error('The zip is broken: an entry failed half written');
  }

  async #write(bytes: Uint8Array): Promise<void> {
    if (bytes.byteLength >= BLOCK) {
      // A large piece (a whole stored file) goes on as it is, not copied into a block.
      await this.#flush();
      this.#blocks++;
      this.#sent += bytes.byteLength;
      await this.#sink.write(bytes);
      return;
    }
    this.#pending.push(bytes);
    this.#pendingBytes += bytes.byteLength;
    if (this.#pendingBytes >= BLOCK) await this.#flush();
  }

  async #flush(): Promise<void> {
    if (!this.#pendingBytes) return;
    const block = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#blocks++;
    this.#sent += block.length;
    await this.#sink.write(block);
  }

  /** A local header; CRC and sizes filled in when known (never, for an entry with a data descriptor). */
  #localHeader(e: TEntry): Buffer {
    const n = e.name.length;
    const h = Buffer.alloc(30 + n + (e.zip64 ? 20 : 0));
    h.writeUInt32LE(LOCAL_SIG, 0);
    h.writeUInt16LE(needs(e.zip64), 4);
    h.writeUInt16LE(e.flags, 6);
    h.writeUInt16LE(e.method, 8);
    h.writeUInt16LE(e.time, 10);
    h.writeUInt16LE(e.date, 12);
    h.writeUInt16LE(n, 26);
    e.name.copy(h, 30);
    if (e.zip64) {
      h.writeUInt16LE(20, 28);
      h.writeUInt16LE(ZIP64_EXTRA, 30 + n);
      h.writeUInt16LE(16, 32 + n);
    }
    if (!(e.flags & FLAG_DESCRIPTOR)) this.#fillLocalHeader(h, e);
    return h;
  }

  #fillLocalHeader(h: Buffer, e: TEntry): void {
    const n = e.name.length;
    h.writeUInt32LE(e.crc, 14);
    h.writeUInt32LE(e.zip64 ? U32_MAX : e.compressedSize, 18);
    h.writeUInt32LE(e.zip64 ? U32_MAX : e.size, 22);
    if (e.zip64) {
      h.writeBigUInt64LE(BigInt(e.size), 34 + n);
      h.writeBigUInt64LE(BigInt(e.compressedSize), 42 + n);
    }
  }

  /**
   * A central directory record. ZIP64 when the entry's local header was, or a size or its offset passes 4 GiB:
   * then all three are in the extra field (the 32-bit fields all "see ZIP64"), which every reader handles.
   */
  #centralRecord(e: TEntry): Buffer {
    const n = e.name.length;
    const zip64 = e.zip64 || e.offset >= U32_MAX;
    const r = Buffer.alloc(46 + n + (zip64 ? 28 : 0));
    r.writeUInt32LE(CENTRAL_SIG, 0);
    r.writeUInt16LE(MADE_BY, 4);
    r.writeUInt16LE(needs(zip64), 6);
    r.writeUInt16LE(e.flags, 8);
    r.writeUInt16LE(e.method, 10);
    r.writeUInt16LE(e.time, 12);
    r.writeUInt16LE(e.date, 14);
    r.writeUInt32LE(e.crc, 16);
    r.writeUInt32LE(zip64 ? U32_MAX : e.compressedSize, 20);
    r.writeUInt32LE(zip64 ? U32_MAX : e.size, 24);
    r.writeUInt16LE(n, 28);
    r.writeUInt16LE(zip64 ? 28 : 0, 30);
    // Comment length, disk number and internal attributes stay 0.
    r.writeUInt32LE(this.#attributes, 38);
    r.writeUInt32LE(zip64 ? U32_MAX : e.offset, 42);
    e.name.copy(r, 46);
    if (zip64) {
      r.writeUInt16LE(ZIP64_EXTRA, 46 + n);
      r.writeUInt16LE(24, 48 + n);
      r.writeBigUInt64LE(BigInt(e.size), 50 + n);
      r.writeBigUInt64LE(BigInt(e.compressedSize), 58 + n);
      r.writeBigUInt64LE(BigInt(e.offset), 66 + n);
    }
    return r;
  }
}
