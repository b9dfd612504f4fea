import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZipWriter } from '../src/firm-export/zip-writer.ts';

const concat = (chunks: Uint8Array[]) => Buffer.concat(chunks);

/** The central directory as a reader finds it: each entry's name, CRC, sizes and where its header is. */
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
    entries.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      utf8: (zip.readUInt16LE(at + 8) & 0x0800) !== 0,
      crc: zip.readUInt32LE(at + 16),
      compressed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

describe('firm export zip writer', () => {
  it('writes whole and streamed entries that unzip to the same bytes, with the right CRCs and offsets', () => {
    const zip = new ZipWriter(new Date('2026-11-28T10:20:30Z'));
    const photo = randomBytes(50_000);
    const rows = Array.from({ length: 2_000 }, (_, i) => `{"id": ${i}, "title": "مقدمہ نمبر ${i}"}\n`);
    const out: Uint8Array[] = [...zip.addFile('files/case_files/حکم نامہ.png', photo)];
    const stream = zip.startFile('case_files.json');
    for (const r of rows) out.push(...stream.push(new TextEncoder().encode(r)));
    out.push(...stream.end(), ...zip.addFile('empty.txt', new Uint8Array(0)), ...zip.finish());
    const bytes = concat(out);
    expect(zip.written).toBe(bytes.length);

    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toEqual(['files/case_files/حکم نامہ.png', 'case_files.json', 'empty.txt']);
    expect(Buffer.from(files['files/case_files/حکم نامہ.png']!).equals(photo)).toBe(true);
    expect(new TextDecoder().decode(files['case_files.json'])).toBe(rows.join(''));
    expect(files['empty.txt']).toHaveLength(0);

    const entries = centralDirectory(bytes);
    for (const e of entries) {
      expect(e.utf8).toBe(true);
      expect(crc32(files[e.name]!), e.name).toBe(e.crc);
      expect(e.size).toBe(files[e.name]!.length);
      // Each central record points at its local header.
      expect(bytes.readUInt32LE(e.offset)).toBe(0x04034b50);
    }
    // The JSON was deflated as it came; the photo (random bytes) stored as it is.
    expect(entries[1]!.compressed).toBeLessThan(entries[1]!.size / 3);
    expect(entries[0]!.compressed).toBe(photo.length);
  });

  it('writes ZIP64 end records when the entries are more than a plain zip can count', () => {
    const zip = new ZipWriter(new Date());
    const out: Uint8Array[] = [];
    const n = 70_000;
    for (let i = 0; i < n; i++)
      out.push(...zip.addFile(`files/${i}.txt`, new TextEncoder().encode(String(i))));
    out.push(...zip.finish());
    const bytes = concat(out);
    const entries = centralDirectory(bytes);
    expect(entries).toHaveLength(n);
    expect(entries[n - 1]!.name).toBe(`files/${n - 1}.txt`);
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toHaveLength(n);
    expect(new TextDecoder().decode(files['files/69999.txt'])).toBe('69999');
  });

  it('refuses a second entry while a streamed one is open, and anything after the end', () => {
    const zip = new ZipWriter(new Date());
    const stream = zip.startFile('a.json');
    expect(() => zip.addFile('b.txt', new Uint8Array(1))).toThrow(/still open/);
    stream.end();
    zip.finish();
    expect(() => zip.addFile('c.txt', new Uint8Array(1))).toThrow(/finished/);
  });
});
