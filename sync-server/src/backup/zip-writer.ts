import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { Deflate } from 'fflate';

/**
 * A zip archive written entry by entry to a file, streaming: an entry's bytes pass through once (hashed, and
 * deflated when asked) and only one chunk is held at a time, so a files folder of any size fits.
 *
 * Why not fflate's own `Zip`: it writes no ZIP64, so an archive stops at 65,535 entries and 4 GiB (a firm
 * passes both within a year of scanned documents), and its streaming reader finds the end of a stored entry by
 * scanning for a signature that a PDF's bytes may hold. This writer uses fflate for deflate only, and writes
 * every entry in ZIP64 form (sizes and offsets in 64 bits), which unzip, 7-Zip, Python and fflate's `unzipSync`
 * read. Sizes and the CRC are written into the entry's local header once its bytes are through (in memory for
 * a small entry, else by writing the header again: the output is a file), so no data descriptors: any reader
 * finds every entry's length.
 */

const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;
const EOCD64_SIG = 0x06064b50;
const EOCD64_LOCATOR_SIG = 0x07064b50;
const EOCD_SIG = 0x06054b50;
/** ZIP64 needs spec version 4.5; "made by" Unix (3) so the mode in the external attributes means something. */
const VERSION_NEEDED = 45;
const VERSION_MADE_BY = (3 << 8) | VERSION_NEEDED;
/** General purpose flag bit 11: names are UTF-8. */
const FLAG_UTF8 = 0x0800;
const ZIP64_EXTRA = 0x0001;
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;
/** Output is gathered into writes of about this size; deflate's output arrives in small pieces. */
const WRITE_BLOCK = 1 << 20;

export type ZipEntryInfo = { name: string; size: number; compressedSize: number; sha256: string };

type Written = {
  name: Buffer;
  method: 0 | 8;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
  dosTime: number;
  dosDate: number;
};

/** MS-DOS date and time (local time, two-second steps), which zip headers carry; clamped to 1980…2107. */
function dosDateTime(d: Date): { dosTime: number; dosDate: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    dosTime: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    dosDate: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class ZipWriter {
  readonly #fh: FileHandle;
  #offset = 0;
  readonly #entries: Written[] = [];
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Counts the writes to disk, so an entry knows whether its header is still in #pending. */
  #flushes = 0;

  private constructor(fh: FileHandle) {
    this.#fh = fh;
  }

  /** Creates (or truncates) `path`, readable by its owner only: an archive holds every firm's records. */
  static async create(path: string): Promise<ZipWriter> {
    return new ZipWriter(await open(path, 'w', 0o600));
  }

  /** Bytes written so far: the archive's size once finished, less its directory. */
  get bytesWritten(): number {
    return this.#offset + this.#pendingBytes;
  }

  async #write(bytes: Uint8Array): Promise<void> {
    this.#pending.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    this.#pendingBytes += bytes.byteLength;
    if (this.#pendingBytes >= WRITE_BLOCK) await this.#flush();
  }

  async #flush(): Promise<void> {
    if (!this.#pendingBytes) return;
    const block = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    await this.#fh.write(block, 0, block.length, this.#offset);
    this.#offset += block.length;
    this.#flushes++;
  }

  /**
   * Adds one entry from a stream of chunks (a file being read), deflated when `deflate` is set (the database;
   * stored files are mostly PDFs and photos, already compressed). Answers its sizes and SHA-256.
   */
  async add(
    name: string,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    opts: { deflate?: boolean; mtime?: Date } = {},
  ): Promise<ZipEntryInfo> {
    const nameBytes = Buffer.from(name, 'utf8');
    if (nameBytes.length > U16_MAX) throw new Error(`zip entry name too long: ${name}`);
    const method = opts.deflate ? 8 : 0;
    const { dosTime, dosDate } = dosDateTime(opts.mtime ?? new Date());
    const offset = this.bytesWritten;
    const flushes = this.#flushes;
    // Local header: CRC and sizes are filled in below, once known; the 32-bit sizes say "see the ZIP64 field".
    const header = Buffer.alloc(30 + nameBytes.length + 20);
    header.writeUInt32LE(LOCAL_SIG, 0);
    header.writeUInt16LE(VERSION_NEEDED, 4);
    header.writeUInt16LE(FLAG_UTF8, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(dosTime, 10);
    header.writeUInt16LE(dosDate, 12);
    header.writeUInt32LE(U32_MAX, 18);
    header.writeUInt32LE(U32_MAX, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(20, 28);
    nameBytes.copy(header, 30);
    header.writeUInt16LE(ZIP64_EXTRA, 30 + nameBytes.length);
    header.writeUInt16LE(16, 32 + nameBytes.length);
    await this.#write(header);

    const sha = createHash('sha256');
    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    // Deflate calls back synchronously from push(); its output waits here until the push returns.
    let out: Uint8Array[] = [];
    const deflater = method === 8 ? new Deflate({ level: 6 }, (chunk) => void out.push(chunk)) : null;
    const emit = async () => {
      for (const c of out) {
        compressedSize += c.byteLength;
        await this.#write(c);
      }
      out = [];
    };
    for await (const chunk of chunks) {
      sha.update(chunk);
      crc = crc32(chunk, crc);
      size += chunk.byteLength;
      if (deflater) {
        deflater.push(chunk);
        await emit();
      } else {
        compressedSize += chunk.byteLength;
        await this.#write(chunk);
      }
    }
    if (deflater) {
      deflater.push(new Uint8Array(0), true);
      await emit();
    }

    // The header is still waiting to be written (a small entry) and takes its sizes at once, or it is on disk
    // and is written again with them.
    header.writeUInt32LE(crc >>> 0, 14);
    header.writeBigUInt64LE(BigInt(size), 34 + nameBytes.length);
    header.writeBigUInt64LE(BigInt(compressedSize), 42 + nameBytes.length);
    if (this.#flushes !== flushes) await this.#fh.write(header, 0, header.length, offset);

    this.#entries.push({
      name: nameBytes,
      method,
      crc: crc >>> 0,
      size,
      compressedSize,
      offset,
      dosTime,
      dosDate,
    });
    return { name, size, compressedSize, sha256: sha.digest('hex') };
  }

  /** Writes the central directory and the ZIP64 end records, flushes the file to disk and closes it. */
  async finish(): Promise<number> {
    await this.#flush();
    const cdOffset = this.#offset;
    for (const e of this.#entries) {
      const h = Buffer.alloc(46 + e.name.length + 28);
      h.writeUInt32LE(CENTRAL_SIG, 0);
      h.writeUInt16LE(VERSION_MADE_BY, 4);
      h.writeUInt16LE(VERSION_NEEDED, 6);
      h.writeUInt16LE(FLAG_UTF8, 8);
      h.writeUInt16LE(e.method, 10);
      h.writeUInt16LE(e.dosTime, 12);
      h.writeUInt16LE(e.dosDate, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(U32_MAX, 20);
      h.writeUInt32LE(U32_MAX, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt16LE(28, 30);
      // Comment length, disk number and internal attributes stay 0; external: a regular file, mode 0600.
      h.writeUInt32LE((0o100600 << 16) >>> 0, 38);
      h.writeUInt32LE(U32_MAX, 42);
      e.name.copy(h, 46);
      const x = 46 + e.name.length;
      h.writeUInt16LE(ZIP64_EXTRA, x);
      h.writeUInt16LE(24, x + 2);
      h.writeBigUInt64LE(BigInt(e.size), x + 4);
      h.writeBigUInt64LE(BigInt(e.compressedSize), x + 12);
      h.writeBigUInt64LE(BigInt(e.offset), x + 20);
      await this.#write(h);
    }
    await this.#flush();
    const cdSize = this.#offset - cdOffset;
    const eocd64Offset = this.#offset;
    const n = this.#entries.length;
    const end = Buffer.alloc(56 + 20 + 22);
    end.writeUInt32LE(EOCD64_SIG, 0);
    end.writeBigUInt64LE(44n, 4);
    end.writeUInt16LE(VERSION_MADE_BY, 12);
    end.writeUInt16LE(VERSION_NEEDED, 14);
    end.writeBigUInt64LE(BigInt(n), 24);
    end.writeBigUInt64LE(BigInt(n), 32);
    end.writeBigUInt64LE(BigInt(cdSize), 40);
    end.writeBigUInt64LE(BigInt(cdOffset), 48);
    end.writeUInt32LE(EOCD64_LOCATOR_SIG, 56);
    end.writeBigUInt64LE(BigInt(eocd64Offset), 64);
    end.writeUInt32LE(1, 72);
    // The classic end record, with the real numbers where they fit and "see ZIP64" where they do not.
    end.writeUInt32LE(EOCD_SIG, 76);
    end.writeUInt16LE(Math.min(n, U16_MAX), 84);
    end.writeUInt16LE(Math.min(n, U16_MAX), 86);
    end.writeUInt32LE(Math.min(cdSize, U32_MAX), 88);
    end.writeUInt32LE(Math.min(cdOffset, U32_MAX), 92);
    await this.#write(end);
    await this.#flush();
    await this.#fh.sync();
    await this.#fh.close();
    return this.#offset;
  }

  /** Closes the file without finishing it (the caller removes it). */
  async abort(): Promise<void> {
    await this.#fh.close().catch(() => undefined);
  }
}
