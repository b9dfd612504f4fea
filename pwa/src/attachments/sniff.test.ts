import { describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE_MESSAGE, PDF_PAGE_TREE_MESSAGE } from '@lawfirm/shared-types/attachments/limits.ts';
import { XML_ACTIVE_CONTENT_MESSAGE, XML_INVALID_MESSAGE } from '@lawfirm/shared-types/attachments/xml.ts';
import { makePageTreeBomb, makeSmallPdf } from '@lawfirm/shared-types/pdf/testing/fixtures.ts';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { ACCEPTED_TYPES_MESSAGE, TOO_LARGE_MESSAGE, checkFile, checkPdfPages, sniffBytes } from './sniff.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

/** A minimal zip (stored entries) with the given entry names: enough for the central-directory check. */
function zipOf(names: string[]): Uint8Array {
  const enc = new TextEncoder();
  const locals: number[] = [];
  const central: number[] = [];
  const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
  const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
  for (const name of names) {
    const n = [...enc.encode(name)];
    const data = [...enc.encode('<x/>')];
    const offset = locals.length;
    locals.push(...u32(0x04034b50), ...u16(20), ...u16(0), ...u16(0), ...u32(0), ...u32(0));
    locals.push(...u32(data.length), ...u32(data.length), ...u16(n.length), ...u16(0), ...n, ...data);
    central.push(...u32(0x02014b50), ...u16(20), ...u16(20), ...u16(0), ...u16(0), ...u32(0), ...u32(0));
    central.push(...u32(data.length), ...u32(data.length), ...u16(n.length), ...u16(0), ...u16(0));
    central.push(...u16(0), ...u16(0), ...u32(0), ...u32(offset), ...n);
  }
  const end = [
    ...u32(0x06054b50),
    ...u16(0),
    ...u16(0),
    ...u16(names.length),
    ...u16(names.length),
    ...u32(central.length),
    ...u32(locals.length),
    ...u16(0),
  ];
  return new Uint8Array([...locals, ...central, ...end]);
}

describe('file sniffing', () => {
  it.each([
    ['scan.png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png', 'image/png'],
    ['photo.jpg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpg', 'image/jpeg'],
    ['photo.JPEG', bytes([0xff, 0xd8, 0xff, 0xe1]), 'jpg', 'image/jpeg'],
    ['order.pdf', bytes('%PDF-1.7\n'), 'pdf', 'application/pdf'],
    ['old.doc', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'doc', 'application/msword'],
    [
      'brief.docx',
      zipOf(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']),
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['data.xml', bytes('\uFEFF  <?xml version="1.0"?><case/>'), 'xml', 'application/xml'],
    ['bare.xml', bytes('<judgement court="LHC"><para/></judgement>'), 'xml', 'application/xml'],
  ])('accepts %s by its bytes', (name, b, kind, mime) => {
    expect(sniffBytes(b)).toEqual({ kind, mime });
    expect(checkFile(name, b)).toEqual({ ok: true, kind, mime });
  });

  it('judges a camera photo without an extension by its bytes alone', () => {
    expect(checkFile('image', bytes([0xff, 0xd8, 0xff, 0xdb]))).toMatchObject({ ok: true, kind: 'jpg' });
  });

  it.each([
    ['notes.txt', bytes('plain words')],
    ['archive.zip', zipOf(['a.txt'])],
    ['sheet.xlsx', zipOf(['[Content_Types].xml', 'xl/workbook.xml'])],
    ['virus.exe', bytes('MZ\x90\x00')],
    ['empty.pdf', new Uint8Array(0)],
  ])('refuses %s', (name, b) => {
    expect(checkFile(name, b)).toEqual({ ok: false, message: ACCEPTED_TYPES_MESSAGE });
  });

  it('refuses a name that lies about the bytes (a PDF called .png, a PNG called .txt)', () => {
    expect(checkFile('scan.png', bytes('%PDF-1.4'))).toEqual({ ok: false, message: ACCEPTED_TYPES_MESSAGE });
    expect(checkFile('scan.txt', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({
      ok: false,
      message: ACCEPTED_TYPES_MESSAGE,
    });
  });

  it('refuses a file over the server limit before reading its type', () => {
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(checkFile('huge.png', big)).toEqual({ ok: false, message: TOO_LARGE_MESSAGE });
  });

  it('refuses XML that is a web page, and images over the pixel limits, with the same messages as the server', () => {
    const svg = bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(checkFile('drawing.xml', svg)).toEqual({ ok: false, message: XML_ACTIVE_CONTENT_MESSAGE });
    // XML is accepted only when it parses: an unclosed element is not XML.
    expect(checkFile('bare.xml', bytes('<judgement court="LHC">'))).toEqual({
      ok: false,
      message: XML_INVALID_MESSAGE,
    });
    // Named as something else, it is a lie about its type first.
    expect(checkFile('drawing.pdf', svg)).toEqual({ ok: false, message: ACCEPTED_TYPES_MESSAGE });
    const huge = makePng(1, 1, () => [0, 0, 0, 0], { alpha: true });
    new DataView(huge.buffer).setUint32(16, 10_000);
    new DataView(huge.buffer).setUint32(20, 10_000);
    expect(checkFile('screenshot.png', huge)).toEqual({ ok: false, message: IMAGE_TOO_LARGE_MESSAGE });
  });

  it("counts a PDF's pages before it is kept", async () => {
    expect(await checkPdfPages(makePageTreeBomb(5))).toBe(PDF_PAGE_TREE_MESSAGE);
    expect(await checkPdfPages(await makeSmallPdf(2))).toBeNull();
  });
});
