import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSmallPdf } from '@lawfirm/shared-types/pdf/testing/fixtures.ts';
import { createPdfWorkers } from '../src/pdf/pdf-workers.ts';
import { checkDocument } from '../src/uploads/sniff-document.ts';
import { checkUploadFile } from '../src/uploads/upload-check.ts';
import { storedZip } from './zip.fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'lf-upload-check-'));
const workers = createPdfWorkers({ workers: 1, timeoutMs: 20_000, memoryMb: 256 });
afterAll(async () => {
  await workers.close();
  rmSync(dir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0"?><Types><Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);
const docx = (media = Buffer.alloc(0), claim: Record<string, number> = {}) =>
  storedZip(
    [
      ['[Content_Types].xml', CONTENT_TYPES],
      ['word/document.xml', Buffer.from('<w:document/>')],
      ['word/media/scan.bin', media],
    ],
    claim,
  );

/** A JPEG's start, `padding` bytes of APP1 segments, a frame header of `w`x`h`, then `rest` bytes. */
function jpeg(w: number, h: number, padding: number, rest: number): Buffer {
  const segs: Buffer[] = [Buffer.from([0xff, 0xd8])];
  for (let left = padding; left > 0;) {
    const n = Math.min(left, 65_000);
    const s = Buffer.alloc(4 + n);
    s.writeUInt16BE(0xffe1, 0);
    s.writeUInt16BE(n + 2, 2);
    segs.push(s);
    left -= n;
  }
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(h, 5);
  sof.writeUInt16BE(w, 7);
  segs.push(sof, Buffer.alloc(rest, 0x55));
  return Buffer.concat(segs);
}

function png(w: number, h: number, color: number, rest: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4);
  ihdr.writeUInt32BE(w, 8);
  ihdr.writeUInt32BE(h, 12);
  ihdr[16] = 8;
  ihdr[17] = color;
  const idat = Buffer.alloc(12);
  idat.writeUInt32BE(0, 0);
  idat.write('IDAT', 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    idat,
    Buffer.alloc(rest),
  ]);
}

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Checks `bytes` as a finished upload's file; answers the check and the bytes it held in memory. */
async function checkFile(name: string, bytes: Buffer) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const reads: number[] = [];
  const r = await checkUploadFile(path, workers, (n) => reads.push(n));
  return { ...r, held: reads.reduce((a, b) => a + b, 0), largest: Math.max(0, ...reads) };
}

describe('a finished upload is checked from its file (issue 33)', () => {
  it('answers what the whole-file check answers, for every kind and refusal', async () => {
    const cases: [string, Buffer][] = [
      ['small.png', png(40, 30, 2, 100)],
      ['huge-header.png', png(100_000, 100_000, 2, 100)],
      ['small.jpg', jpeg(64, 48, 10, 1000)],
      ['late-frame.jpg', jpeg(20_000, 20_000, 300_000, 1000)],
      ['no-frame.jpg', jpeg(64, 48, 0, 0).subarray(0, 4 + 2)],
      ['small.pdf', Buffer.from(await makeSmallPdf(2))],
      ['old.doc', Buffer.concat([OLE, Buffer.alloc(5000)])],
      ['data.xml', Buffer.from('<?xml version="1.0"?><fir><no>12/2024</no></fir>')],
      ['page.xml', Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><script>x</script></html>')],
      ['blank-then-xml.xml', Buffer.concat([Buffer.alloc(70_000, 0x20), Buffer.from('<fir/>')])],
      ['word.docx', docx(Buffer.alloc(1000))],
      ['bomb.docx', docx(Buffer.alloc(10), { 'word/media/scan.bin': 300 * MB })],
      ['not-word.docx', storedZip([['readme.txt', Buffer.from('hello')]])],
      ['junk.bin', Buffer.from('MZ this is no document')],
    ];
    for (const [name, bytes] of cases) {
      const r = await checkFile(name, bytes);
      expect({ name, sha: r.sha256, size: r.size }).toEqual({ name, sha: sha(bytes), size: bytes.length });
      expect({ name, check: r.check }).toEqual({ name, check: await checkDocument(bytes, workers) });
    }
  });

  it('reads a large docx, photo, Word 97 file or unknown file only where its checks look', async () => {
    const big = 24 * MB;
    const word = await checkFile('big.docx', docx(Buffer.alloc(big, 7)));
    expect(word.check).toMatchObject({ ok: true, kind: { ext: 'docx' } });
    const photo = await checkFile('big.jpg', jpeg(4000, 3000, 40_000, big));
    expect(photo.check).toMatchObject({ ok: true, kind: { ext: 'jpg' } });
    const doc = await checkFile('big.doc', Buffer.concat([OLE, Buffer.alloc(big)]));
    expect(doc.check).toMatchObject({ ok: true, kind: { ext: 'doc' } });
    const junk = await checkFile('big.bin', Buffer.alloc(big, 0x41));
    expect(junk.check).toMatchObject({ ok: false, status: 415 });
    const bomb = await checkFile('bomb.docx', docx(Buffer.alloc(big), { 'word/media/scan.bin': 300 * MB }));
    expect(bomb.check).toMatchObject({ ok: false, status: 415 });
    // The head, the zip's end and directory, the content-types part: never the 24 MB.
    for (const r of [word, photo, doc, junk, bomb]) {
      expect(r.size).toBeGreaterThanOrEqual(big);
      expect(r.held).toBeLessThan(256 * 1024);
    }
  });

  it('holds at most two large XML or PDF files whole at once, however many finish together', async () => {
    const record = Buffer.from('<case><no>12/2024</no><title>Aslam v. State</title></case>');
    const xml = Buffer.concat([
      Buffer.from('<?xml version="1.0"?><cases>'),
      ...Array.from({ length: Math.ceil((2 * MB) / record.length) }, () => record),
      Buffer.from('</cases>'),
    ]);
    const pdf = Buffer.from(await makeSmallPdf(2));
    // Files read whole (beyond the 64 KB head) and not yet let go, at most.
    let holding = 0;
    let most = 0;
    const files = Array.from({ length: 6 }, (_, i) => {
      // PDFs mostly: each waits for the one PDF worker while it is held.
      const path = join(dir, `many-${i}.${i % 3 === 2 ? 'xml' : 'pdf'}`);
      writeFileSync(path, i % 3 === 2 ? xml : Buffer.concat([pdf, Buffer.alloc(MB, 0x20)]));
      return path;
    });
    const checks = await Promise.all(
      files.map(async (path) => {
        const r = await checkUploadFile(
          path,
          workers,
          (n) => {
            if (n > 64 * 1024) most = Math.max(most, ++holding);
          },
          () => holding--,
        );
        return r.check;
      }),
    );
    expect(checks.map((c) => c.ok && c.kind.ext)).toEqual(['pdf', 'pdf', 'xml', 'pdf', 'pdf', 'xml']);
    expect(most).toBe(2);
  });
});
