import { crc32 } from 'node:zlib';
import { Deflate } from 'fflate';

/**
 * A zip archive written front to back as chunks, for an answer streamed while it is made: nothing but the
 * central directory (a few dozen bytes per entry) is kept. fflate deflates; the container is written here
 * because fflate's Zip writes no ZIP64 records, so an archive past 4 GiB or 65,535 entries (a firm with years
 * of scanned pages) would come out corrupt. Entries are small enough each (uploads are bounded) that only
 * their offsets and the entry count ever need ZIP64.
 */

const U32 = 0xffffffff;
const U16 = 0xffff;
/** Bit 3: sizes and CRC follow the data (a streamed entry); bit 11: the name is UTF-8 (Urdu names). */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const STORE = 0;
const DEFLATE = 8;
/** Made by Unix (3) with spec 4.5, so unzip applies the permission bits below. */
const MADE_BY = (3 << 8) | 45;
/** Regular file, rw-r--r--. */
const FILE_ATTRS = (0o100644 << 16) >>> 0;

type TEntry = {
  name: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
};

/** A streamed entry: text pushed in pieces, deflated as it comes. */
export type TZipEntryStream = {
  push: (bytes: Uint8Array) => Uint8Array[];
  end: () => Uint8Array[];
};

/** MS-DOS date and time (local fields, 2-second steps), as zip headers carry them; taken as UTC here. */
function dosTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getUTCFullYear(), 1980), 2107);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

function tooBig(what: string): Error {
  return new Error(`${what} is too large for one zip entry (4 GiB)`);
}

export class ZipWriter {
  readonly #entries: TEntry[] = [];
  readonly #time: { time: number; date: number };
  #offset = 0;
  #open = false;
  #done = false;

  constructor(madeAt: Date) {
    this.#time = dosTime(madeAt);
  }

  /** Bytes written so far. */
  get written(): number {
    return this.#offset;
  }

  /** The number of entries added so far. */
  get count(): number {
    return this.#entries.length;
  }

  /**
   * A whole file, stored as it is: the stored files are mostly JPEG, PNG, PDF and DOCX, which deflate gains
   * little on, and deflating a large one in one go would hold the event loop.
   */
  addFile(name: string, bytes: Uint8Array): Uint8Array[] {
    this.#check();
    if (bytes.length >= U32) throw tooBig(name);
    const entry = this.#newEntry(name, STORE, 0);
    entry.crc = crc32(bytes);
    entry.compressed = entry.size = bytes.length;
    return this.#out([this.#localHeader(entry), bytes]);
  }

  /** An entry whose bytes come in pieces (a table's rows), deflated; its sizes follow in a data descriptor. */
  startFile(name: string): TZipEntryStream {
    this.#check();
    const entry = this.#newEntry(name, DEFLATE, FLAG_DESCRIPTOR);
    this.#open = true;
    let pending: Uint8Array[] = [this.#localHeader(entry)];
    const deflate = new Deflate({ level: 6 }, (chunk) => {
      entry.compressed += chunk.length;
      pending.push(chunk);
    });
    const take = () => {
      const out = pending;
      pending = [];
      return this.#out(out);
    };
    return {
      push: (bytes) => {
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        deflate.push(bytes);
        return take();
      },
      end: () => {
        deflate.push(new Uint8Array(0), true);
        if (entry.size >= U32 || entry.compressed >= U32) throw tooBig(name);
        const d = new DataView(new ArrayBuffer(16));
        d.setUint32(0, 0x08074b50, true);
        d.setUint32(4, entry.crc, true);
        d.setUint32(8, entry.compressed, true);
        d.setUint32(12, entry.size, true);
        pending.push(new Uint8Array(d.buffer));
        this.#open = false;
        return take();
      },
    };
  }

  /** The central directory and its end records (ZIP64 ones when the offsets or the count need them). */
  finish(): Uint8Array[] {
    this.#check();
    this.#done = true;
    const start = this.#offset;
    const records = this.#entries.map((e) => this.#centralRecord(e));
    const size = records.reduce((n, r) => n + r.length, 0);
    const count = this.#entries.length;
    const out: Uint8Array[] = [...records];
    const zip64 = count >= U16 || start >= U32 || size >= U32;
    if (zip64) {
      const at = start + size;
      const z = new DataView(new ArrayBuffer(56 + 20));
      z.setUint32(0, 0x06064b50, true);
      z.setBigUint64(4, 44n, true);
      z.setUint16(12, MADE_BY, true);
      z.setUint16(14, 45, true);
      z.setUint32(16, 0, true);
      z.setUint32(20, 0, true);
      z.setBigUint64(24, BigInt(count), true);
      z.setBigUint64(32, BigInt(count), true);
      z.setBigUint64(40, BigInt(size), true);
      z.setBigUint64(48, BigInt(start), true);
      // The locator: where the ZIP64 end record is.
      z.setUint32(56, 0x07064b50, true);
      z.setUint32(60, 0, true);
      z.setBigUint64(64, BigInt(at), true);
      z.setUint32(72, 1, true);
      out.push(new Uint8Array(z.buffer));
    }
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, Math.min(count, U16), true);
    end.setUint16(10, Math.min(count, U16), true);
    end.setUint32(12, Math.min(size, U32), true);
    end.setUint32(16, Math.min(start, U32), true);
    out.push(new Uint8Array(end.buffer));
    return this.#out(out);
  }

  #check(): void {
    if (this.#done) throw new Error('The zip is finished');
    if (this.#open) throw new Error('A streamed zip entry is still open');
  }

  #newEntry(name: string, method: number, flags: number): TEntry {
    const bytes = new TextEncoder().encode(name);
    if (bytes.length > U16) throw new Error(`A zip entry name is too long: ${name.slice(0, 80)}`);
    const entry: TEntry = {
      name: bytes,
      flags: flags | FLAG_UTF8,
      method,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.#offset,
    };
    this.#entries.push(entry);
    return entry;
  }

  /** Local header; a streamed entry's CRC and sizes are zero here and come in its data descriptor. */
  #localHeader(e: TEntry): Uint8Array {
    const h = new DataView(new ArrayBuffer(30 + e.name.length));
    h.setUint32(0, 0x04034b50, true);
    h.setUint16(4, 20, true);
    h.setUint16(6, e.flags, true);
    h.setUint16(8, e.method, true);
    h.setUint16(10, this.#time.time, true);
    h.setUint16(12, this.#time.date, true);
    const known = !(e.flags & FLAG_DESCRIPTOR);
    h.setUint32(14, known ? e.crc : 0, true);
    h.setUint32(18, known ? e.compressed : 0, true);
    h.setUint32(22, known ? e.size : 0, true);
    h.setUint16(26, e.name.length, true);
    h.setUint16(28, 0, true);
    const out = new Uint8Array(h.buffer);
    out.set(e.name, 30);
    return out;
  }

  /** Central directory record; an offset past 4 GiB goes in a ZIP64 extra field. */
  #centralRecord(e: TEntry): Uint8Array {
    const far = e.offset >= U32;
    const extra = far ? 12 : 0;
    const r = new DataView(new ArrayBuffer(46 + e.name.length + extra));
    r.setUint32(0, 0x02014b50, true);
    r.setUint16(4, MADE_BY, true);
    r.setUint16(6, far ? 45 : 20, true);
    r.setUint16(8, e.flags, true);
    r.setUint16(10, e.method, true);
    r.setUint16(12, this.#time.time, true);
    r.setUint16(14, this.#time.date, true);
    r.setUint32(16, e.crc, true);
    r.setUint32(20, e.compressed, true);
    r.setUint32(24, e.size, true);
    r.setUint16(28, e.name.length, true);
    r.setUint16(30, extra, true);
    r.setUint16(32, 0, true);
    r.setUint16(34, 0, true);
    r.setUint16(36, 0, true);
    r.setUint32(38, FILE_ATTRS, true);
    r.setUint32(42, far ? U32 : e.offset, true);
    const out = new Uint8Array(r.buffer);
    out.set(e.name, 46);
    if (far) {
      const x = new DataView(r.buffer, 46 + e.name.length, extra);
      x.setUint16(0, 0x0001, true);
      x.setUint16(2, 8, true);
      x.setBigUint64(4, BigInt(e.offset), true);
    }
    return out;
  }

  #out(chunks: Uint8Array[]): Uint8Array[] {
    for (const c of chunks) this.#offset += c.length;
    return chunks.filter((c) => c.length > 0);
  }
}
