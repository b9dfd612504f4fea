import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { crc32 } from 'node:zlib';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { NotAZipError, openZip } from '../src/files/zip/zip-reader.ts';
import { fileSink, writableSink, type TZipSink } from '../src/files/zip/zip-sinks.ts';
import { ZipWriter } from '../src/files/zip/zip-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'lf-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const utf8 = new TextEncoder();

/** A sink like an HTTP answer: it takes bytes in order and cannot go back (so streamed entries get descriptors). */
function answerSink() {
  const chunks: Uint8Array[] = [];
  let ended = false;
  const sink: TZipSink = {
    write: async (b) => void chunks.push(Uint8Array.from(b)),
    end: async () => void (ended = true),
    abort: async () => undefined,
  };
  return { sink, bytes: () => Buffer.concat(chunks), ended: () => ended };
}

/** The central directory as a reader finds it: each entry's name, flags, CRC, sizes and where its header is. */
function centralDirectory(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) {
    const locator = end - 20;
    expect(zip.readUInt32LE(locator)).toBe(0x07064b50);
    const record = Number(zip.readBigUInt64LE(locator + 8));
    expect(zip.readUInt32LE(record)).toBe(0x06064b50);
    count = Number(zip.readBigUInt64LE(record + 32));
    at = Number(zip.readBigUInt64LE(record + 48));
  }
  const entries = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    let compressed = zip.readUInt32LE(at + 20);
    let size = zip.readUInt32LE(at + 24);
    let offset = zip.readUInt32LE(at + 42);
    // ZIP64: the values whose 32-bit field is all ones, in this order, in the extra field with id 1.
    const x = at + 46 + nameLength;
    if (extra && zip.readUInt16LE(x) === 1) {
      let q = x + 4;
      const next = () => Number(zip.readBigUInt64LE((q += 8) - 8));
      if (size === 0xffffffff) size = next();
      if (compressed === 0xffffffff) compressed = next();
      if (offset === 0xffffffff) offset = next();
    }
    const flags = zip.readUInt16LE(at + 8);
    entries.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      utf8: (flags & 0x0800) !== 0,
      descriptor: (flags & 0x0008) !== 0,
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressed,
      size,
      offset,
      mode: zip.readUInt32LE(at + 38) >>> 16,
    });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** A PDF-like file holding the signatures a zip reader scanning for an entry's end could stop at. */
function trickyFile(size: number): Buffer {
  const b = randomBytes(size);
  Buffer.from('%PDF-1.4\n').copy(b);
  for (let at = 1_000; at + 16 < size; at += 70_001)
    Buffer.from('PK\x07\x08PK\x01\x02PK\x05\x06', 'latin1').copy(b, at);
  return b;
}

const rows = Array.from({ length: 2_000 }, (_, i) => `{"id": ${i}, "title": "مقدمہ نمبر ${i}"}\n`);
const photo = randomBytes(50_000);
const scan = trickyFile(3_000_000);
const EXPECTED: Record<string, Buffer> = {
  'files/case_files/حکم نامہ.png': photo,
  'case_files.json': Buffer.from(rows.join('')),
  'files/scan.pdf': scan,
  'empty.txt': Buffer.alloc(0),
};

/** The same four entries: a whole photo, rows streamed and deflated, a large file streamed, an empty file. */
async function addAll(zip: ZipWriter, streamScan: boolean) {
  const infos = [];
  infos.push(await zip.add('files/case_files/حکم نامہ.png', photo));
  infos.push(
    await zip.add(
      'case_files.json',
      rows.map((r) => utf8.encode(r)),
      { deflate: true },
    ),
  );
  const pieces = function* () {
    for (let at = 0; at < scan.length; at += 64 * 1024) yield scan.subarray(at, at + 64 * 1024);
  };
  infos.push(await zip.add('files/scan.pdf', streamScan ? pieces() : scan));
  infos.push(await zip.add('empty.txt', new Uint8Array(0)));
  return infos;
}

/** What unzip (Info-ZIP) and Python's zipfile make of an archive: both test every CRC and list the names. */
const hasUnzip = spawnSync('unzip', ['-v']).status === 0;
const hasPython = spawnSync('python3', ['-c', 'import zipfile']).status === 0;
function checkWithTools(file: string) {
  if (hasUnzip) {
    const t = spawnSync('unzip', ['-tq', file], { encoding: 'utf8' });
    expect(t.status, t.stdout + t.stderr).toBe(0);
    expect(t.stdout).toContain('No errors detected');
  }
  if (hasPython) {
    const script =
      'import hashlib, json, sys, zipfile\n' +
      'z = zipfile.ZipFile(sys.argv[1])\n' +
      'assert z.testzip() is None\n' +
      'print(json.dumps({i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist()}))';
    const p = spawnSync('python3', ['-c', script, file], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    expect(p.status, p.stderr).toBe(0);
    return JSON.parse(p.stdout) as Record<string, string>;
  }
  return null;
}

describe('zip writer into an answer (firm export)', () => {
  it('writes whole and streamed entries that unzip to the same bytes, with the right CRCs and offsets', async () => {
    const out = answerSink();
    const zip = new ZipWriter(out.sink, { madeAt: new Date('2026-11-28T10:20:30Z') });
    const infos = await addAll(zip, false);
    const size = await zip.finish();
    const bytes = out.bytes();
    expect(out.ended()).toBe(true);
    expect(size).toBe(bytes.length);
    expect(zip.bytesWritten).toBe(bytes.length);
    expect(zip.count).toBe(4);

    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toEqual(Object.keys(EXPECTED));
    for (const [name, want] of Object.entries(EXPECTED))
      expect(Buffer.from(files[name]!).equals(want), name).toBe(true);
    expect(infos.map((i) => i.sha256)).toEqual(Object.values(EXPECTED).map(sha256));

    const entries = centralDirectory(bytes);
    for (const e of entries) {
      expect(e.utf8).toBe(true);
      expect(crc32(files[e.name]!), e.name).toBe(e.crc);
      expect(e.size).toBe(files[e.name]!.length);
      expect(e.mode).toBe(0o100644);
      // Each central record points at its local header.
      expect(bytes.readUInt32LE(e.offset)).toBe(0x04034b50);
    }
    // The JSON was deflated as it came, its sizes in a descriptor after it (the answer cannot go back); the
    // photo (random bytes) stored as it is, its sizes up front.
    expect(entries[1]).toMatchObject({ method: 8, descriptor: true });
    expect(entries[1]!.compressed).toBeLessThan(entries[1]!.size / 3);
    expect(entries[0]).toMatchObject({ method: 0, descriptor: false, compressed: photo.length });
    expect(entries[2]).toMatchObject({ method: 0, descriptor: false, compressed: scan.length });

    const file = join(dir, 'answer.zip');
    writeFileSync(file, bytes);
    const tools = checkWithTools(file);
    if (tools)
      expect(tools).toEqual(Object.fromEntries(Object.entries(EXPECTED).map(([n, b]) => [n, sha256(b)])));
  });

  it('waits for a slow reader, and stops when the answer is gone', async () => {
    const body = new PassThrough({ highWaterMark: 16 * 1024 });
    const zip = new ZipWriter(writableSink(body));
    const pieces = Array.from({ length: 300 }, () => randomBytes(8 * 1024));
    let given = 0;
    const rows = function* () {
      for (const p of pieces) {
        given++;
        yield p;
      }
    };
    let added = false;
    const adding = zip.add('rows.json', rows(), { deflate: true }).then(() => (added = true));
    // Nobody reads: the writer stops taking rows after about one block, instead of holding all 2.4 MB.
    await new Promise((r) => setTimeout(r, 100));
    expect(added).toBe(false);
    expect(given).toBeGreaterThan(0);
    expect(given).toBeLessThan(100);
    const read: Buffer[] = [];
    body.on('data', (c: Buffer) => read.push(c));
    await adding;
    expect(given).toBe(pieces.length);
    await zip.add('README.txt', utf8.encode('hello'));
    await zip.finish();
    const files = unzipSync(new Uint8Array(Buffer.concat(read)));
    expect(Object.keys(files)).toEqual(['rows.json', 'README.txt']);
    expect(Buffer.from(files['rows.json']!).equals(Buffer.concat(pieces))).toBe(true);

    // The client goes away half way: the next write fails, so the export stops reading files.
    const gone = new PassThrough({ highWaterMark: 16 * 1024 });
    const cut = new ZipWriter(writableSink(gone));
    const pending = cut.add('rows.json', pieces, { deflate: true });
    gone.destroy();
    await expect(pending).rejects.toThrow(/closed/);
    await expect(cut.add('b.txt', new Uint8Array(1))).rejects.toThrow(/broken/);
  });

  it('refuses a second entry while one is open, a stored entry it cannot size, and anything after the end', async () => {
    const zip = new ZipWriter(answerSink().sink);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const slow = async function* () {
      yield utf8.encode('[');
      await held;
      yield utf8.encode(']');
    };
    const first = zip.add('a.json', slow(), { deflate: true });
    await expect(zip.add('b.txt', new Uint8Array(1))).rejects.toThrow(/still open/);
    release();
    await first;
    // A stored entry streamed into an answer would need a descriptor a scanning reader can be fooled by.
    await expect(zip.add('c.pdf', [scan.subarray(0, 10)])).rejects.toThrow(/must be given whole/);
    await zip.finish();
    await expect(zip.add('c.txt', new Uint8Array(1))).rejects.toThrow(/finished/);
  });

  it('writes ZIP64 end records when the entries are more than a plain zip can count', async () => {
    const out = answerSink();
    const zip = new ZipWriter(out.sink);
    const n = 70_000;
    for (let i = 0; i < n; i++) await zip.add(`files/${i}.txt`, utf8.encode(String(i)));
    await zip.finish();
    const bytes = out.bytes();
    const entries = centralDirectory(bytes);
    expect(entries).toHaveLength(n);
    expect(entries[n - 1]!.name).toBe(`files/${n - 1}.txt`);
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toHaveLength(n);
    expect(new TextDecoder().decode(files['files/69999.txt'])).toBe('69999');

    const file = join(dir, 'many.zip');
    writeFileSync(file, bytes);
    const reader = await openZip(file);
    try {
      expect(reader.entries).toHaveLength(n);
      const last = reader.entries[n - 1]!;
      const chunks: Uint8Array[] = [];
      for await (const c of reader.read(last)) chunks.push(c);
      expect(Buffer.concat(chunks).toString()).toBe('69999');
    } finally {
      await reader.close();
    }
    const tools = checkWithTools(file);
    if (tools) expect(Object.keys(tools)).toHaveLength(n);
  }, 60_000);
});

describe('zip writer into a file (backup) and the reader', () => {
  it('writes streamed entries with their sizes up front, readable by its reader, fflate, unzip and Python', async () => {
    const file = join(dir, 'backup.zip');
    const zip = new ZipWriter(await fileSink(file), { fileMode: 0o600 });
    const infos = await addAll(zip, true);
    const size = await zip.finish();
    expect(statSync(file).size).toBe(size);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(infos[2]).toMatchObject({ size: scan.length, compressedSize: scan.length, sha256: sha256(scan) });
    expect(infos[1]!.compressedSize).toBeLessThan(infos[1]!.size / 3);

    const bytes = readFileSync(file);
    const entries = centralDirectory(bytes);
    for (const e of entries) {
      // No data descriptors: the local header says where each entry ends (the large one's was written again).
      expect(e.descriptor, e.name).toBe(false);
      expect(e.mode).toBe(0o100600);
      const local = e.offset;
      expect(bytes.readUInt32LE(local)).toBe(0x04034b50);
      expect(bytes.readUInt32LE(local + 14), e.name).toBe(e.crc);
    }

    const reader = await openZip(file);
    try {
      expect(reader.entries.map((e) => e.name)).toEqual(Object.keys(EXPECTED));
      for (const e of reader.entries) {
        const chunks: Uint8Array[] = [];
        for await (const c of reader.read(e)) chunks.push(c);
        expect(Buffer.concat(chunks).equals(EXPECTED[e.name]!), e.name).toBe(true);
      }
    } finally {
      await reader.close();
    }
    const files = unzipSync(new Uint8Array(bytes));
    for (const [name, want] of Object.entries(EXPECTED))
      expect(Buffer.from(files[name]!).equals(want), name).toBe(true);
    const tools = checkWithTools(file);
    if (tools)
      expect(tools).toEqual(Object.fromEntries(Object.entries(EXPECTED).map(([n, b]) => [n, sha256(b)])));
  });

  it('goes on after a file that could not be read, and the reader refuses a changed or cut archive', async () => {
    const file = join(dir, 'gone.zip');
    writeFileSync(join(dir, 'scan.pdf'), scan);
    const zip = new ZipWriter(await fileSink(file));
    // Removed between being listed and being read (a replaced photo): nothing of it is written.
    await expect(zip.add('files/gone.png', createReadStream(join(dir, 'no-such-file')))).rejects.toThrow(
      /ENOENT/,
    );
    expect(zip.bytesWritten).toBe(0);
    const info = await zip.add('files/scan.pdf', createReadStream(join(dir, 'scan.pdf')));
    expect(info.sha256).toBe(sha256(scan));
    await zip.finish();
    const bytes = readFileSync(file);
    expect(Object.keys(unzipSync(new Uint8Array(bytes)))).toEqual(['files/scan.pdf']);
    expect(centralDirectory(bytes)[0]!.offset).toBe(0);

    // One byte of the stored file changed: its CRC no longer matches.
    const changed = Buffer.from(bytes);
    const at = changed.indexOf(scan.subarray(2_000_000, 2_000_064));
    expect(at).toBeGreaterThan(0);
    changed.writeUInt8(changed.readUInt8(at) ^ 0xff, at);
    writeFileSync(join(dir, 'changed.zip'), changed);
    const reader = await openZip(join(dir, 'changed.zip'));
    try {
      const read = async () => {
        for await (const _ of reader.read(reader.entries[0]!));
      };
      await expect(read()).rejects.toThrow(NotAZipError);
    } finally {
      await reader.close();
    }
    writeFileSync(join(dir, 'cut.zip'), bytes.subarray(0, bytes.length >> 1));
    await expect(openZip(join(dir, 'cut.zip'))).rejects.toThrow(NotAZipError);
  });

  it('writes ZIP64 sizes and offsets for an entry past 4 GiB', async () => {
    // The big entry's bytes are only counted, not kept: the test holds the headers and the directory.
    const kept = new Map<number, Buffer>();
    let position = 0;
    const sink: TZipSink = {
      write: async (b) => {
        if (b.byteLength < 1 << 20) kept.set(position, Buffer.from(b));
        position += b.byteLength;
      },
      writeAt: async (b, at) => void kept.set(at, Buffer.from(b)),
      end: async () => undefined,
      abort: async () => undefined,
    };
    const zip = new ZipWriter(sink);
    const piece = Buffer.alloc(64 << 20, 1);
    const big = 2 ** 32 + (64 << 20);
    const info = await zip.add(
      'database.sqlite',
      (function* () {
        for (let n = 0; n < big; n += piece.length) yield piece;
      })(),
    );
    expect(info.size).toBe(big);
    await zip.add('after.txt', utf8.encode('after'));
    const total = await zip.finish();
    expect(total).toBeGreaterThan(big);

    // The entry after it, the directory and the end records came in the last write: read them with their
    // two absolute pointers made relative to where that write began.
    const [tailAt, tail] = [...kept].at(-1)!;
    const rel = Buffer.from(tail);
    const eocd = rel.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const eocd64 = eocd - 20 - 56;
    expect(rel.readUInt32LE(eocd64)).toBe(0x06064b50);
    rel.writeBigUInt64LE(rel.readBigUInt64LE(eocd64 + 48) - BigInt(tailAt), eocd64 + 48);
    rel.writeBigUInt64LE(rel.readBigUInt64LE(eocd - 20 + 8) - BigInt(tailAt), eocd - 20 + 8);
    const directory = centralDirectory(rel);
    expect(directory.map((e) => e.name)).toEqual(['database.sqlite', 'after.txt']);
    expect(directory[0]).toMatchObject({ size: big, compressed: big, offset: 0 });
    expect(directory[1]!.offset).toBeGreaterThan(2 ** 32);
    // The big entry's local header was written again with its sizes (ZIP64, as its size was not known).
    const local = kept.get(0)!;
    expect(local.readUInt32LE(18)).toBe(0xffffffff);
    expect(Number(local.readBigUInt64LE(30 + 'database.sqlite'.length + 4))).toBe(big);
    expect(kept.get(directory[1]!.offset)?.readUInt32LE(0)).toBe(0x04034b50);
  }, 120_000);
});
