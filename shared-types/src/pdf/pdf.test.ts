import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { jpegOrientation, sniff } from './attachments/image-page.ts';
import {
  buildCaseFilePdf,
  buildDocumentPdf,
  buildOrderSheetsPdf,
  buildPendingCasesPdf,
  type TPdfDocumentEntry,
} from './index.ts';
import { caseHeader, makeSmallPdf, URDU_PARTY } from './testing/fixtures.ts';
import { memoryHost } from './testing/host.ts';
import { makePng } from './testing/images.ts';
import { topJpeg, withExifOrientation } from './testing/jpeg.ts';
import { readPdf } from './testing/read-pdf.ts';

const png = makePng(120, 80, (x) => (x < 60 ? [200, 30, 30] : [30, 30, 200]));
const entry = (over: Partial<TPdfDocumentEntry>): TPdfDocumentEntry => ({
  description: 'Document',
  date: null,
  annexure: null,
  page_info: null,
  attachments: [],
  ...over,
});

let built: ReturnType<typeof buildFixtureCase> | null = null;
/** Built once: every case-file test reads the same PDF. */
const caseFile = () => (built ??= buildFixtureCase());

async function buildFixtureCase() {
  const host = memoryHost();
  const progress: [number, number][] = [];
  const index = [
    entry({
      description: 'Writ petition',
      date: '2024-01-05',
      annexure: 'A',
      attachments: [
        host.add('photo.png', 'image/png', png),
        host.add('scan.pdf', 'application/pdf', await makeSmallPdf(2)),
      ],
    }),
    entry({
      description: 'Affidavit',
      annexure: 'B',
      attachments: [
        host.add(
          'notes.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          png,
        ),
        host.missing('lost.png', 'image/png'),
        host.add('broken.png', 'image/png', png.slice(0, 60)),
        host.add('fake.jpg', 'image/jpeg', new TextEncoder().encode('not an image at all')),
      ],
    }),
    entry({
      description: 'بیان حلفی',
      page_info: '12-13',
      attachments: [
        host.add('phone.jpg', 'image/jpeg', withExifOrientation(topJpeg(), 6)),
        host.add(
          'screenshot.png',
          'image/png',
          makePng(20, 30, () => [0, 90, 0, 200], { alpha: true }),
        ),
      ],
    }),
    entry({ description: 'Power of attorney' }),
  ];
  const bytes = await buildCaseFilePdf({
    siteName: 'Siddiqui & Co.',
    caseFile: caseHeader(),
    index,
    loadBytes: host.loadBytes,
    onProgress: (done, total) => progress.push([done, total]),
  });
  return { bytes, progress, read: await readPdf(bytes) };
}

describe('case file PDF', () => {
  it('has a cover, an index, then every attachment in index order', async () => {
    const { read } = await caseFile();
    // cover + index + photo + 2 copied PDF pages + a page of notes + the phone photo + the screenshot
    expect(read.pages).toBe(8);
    expect(read.text[0]).toContain('Lahore High Court, Lahore');
    expect(read.text[0]).toContain('W.P. 77/2023');
    expect(read.text[0]).toContain('Ali Khan v. Province of Punjab');
    expect(read.text[0]).toContain('Ayesha Siddiqui');
    expect(read.text[0]).toContain('Next Hearing: 01/12/2026');
    expect(read.text[0]).toContain('Date of Institution: 14/03/2023');
    expect(read.text[1]).toContain('INDEX');
    expect(read.text[3]).toContain('Attached page 1');
    expect(read.text[4]).toContain('Attached page 2');
  });

  it('prints the Urdu party with both fonts embedded, its number intact', async () => {
    const { read } = await caseFile();
    // pdf-lib names a subset after the font's PostScript name with a random tag.
    expect(read.fonts.some((f) => f.startsWith('NotoSans-Regular'))).toBe(true);
    expect(read.fonts.some((f) => f.startsWith('NotoNaskhArabic-Regular'))).toBe(true);
    // 123/2024 appears only in the Urdu party's name: it was drawn in the Latin font, in one piece.
    expect(read.text[0]).toContain('123/2024');
    expect(read.text[0]).toMatch(/[\u0600-\u06ff]/);
  });

  it('embeds font subsets whose every glyph a viewer can read', async () => {
    const { read } = await caseFile();
    expect(read.fontFiles.length).toBe(2);
    for (const file of read.fontFiles) {
      const font = fontkit.create(file);
      expect(font.numGlyphs).toBeGreaterThan(5);
      // An odd-length glyph in a short loca table shifted every later glyph: decoding them used to throw.
      for (let id = 0; id < font.numGlyphs; id++) expect(() => font.getGlyph(id).path).not.toThrow();
    }
  });

  it('lists the index with dates, annexures and where each document starts', async () => {
    const { read } = await caseFile();
    const index = read.text[1]!;
    for (const t of [
      'No.',
      'Description',
      'Date',
      'Annexure',
      'Page',
      'Writ petition',
      'Affidavit',
      'Power of attorney',
    ])
      expect(index).toContain(t);
    expect(index).toContain('05/01/2024');
    // Pages: 1 cover, 2 index, 3 photo, 4-5 scan; the affidavit's notes on 6; a typed page range wins.
    expect(index).toMatch(/Writ petition 05\/01\/2024 A 3-5/);
    expect(index).toMatch(/Affidavit B 6/);
    expect(index).toContain('12-13');
    // The phone photo and the screenshot are pages 7 and 8; a typed page_info wins over them.
    expect(index).not.toContain('7-8');
  });

  it('names files it cannot include instead of failing', async () => {
    const { read } = await caseFile();
    const notes = read.text[5]!;
    expect(notes).toContain('B — Affidavit');
    expect(notes).toContain('Attached file: notes.docx');
    expect(notes).toContain('File could not be included: lost.png');
    expect(notes).toContain('File could not be included: broken.png');
    expect(notes).toContain('File could not be included: fake.jpg');
  });

  it('numbers the pages and reports progress per attachment', async () => {
    const { read, progress } = await caseFile();
    expect(read.text[7]).toContain('8 / 8');
    expect(progress[0]).toEqual([0, 8]);
    expect(progress.at(-1)).toEqual([8, 8]);
    expect(progress).toHaveLength(9);
  });

  it('builds an empty case file with a cover and an empty index', async () => {
    const host = memoryHost();
    const read = await readPdf(
      await buildCaseFilePdf({
        siteName: null,
        caseFile: caseHeader({ petitioners: [], opponents: [] }),
        index: [],
        loadBytes: host.loadBytes,
      }),
    );
    expect(read.pages).toBe(2);
    expect(read.text[1]).toContain('No Records found');
  });

  it('runs the index onto more pages and keeps the page numbers right', async () => {
    const host = memoryHost();
    const photo = host.add('p.png', 'image/png', png);
    const index = Array.from({ length: 70 }, (_, i) =>
      entry({ description: `Document ${i + 1}`, attachments: [photo] }),
    );
    const read = await readPdf(
      await buildCaseFilePdf({ siteName: null, caseFile: caseHeader(), index, loadBytes: host.loadBytes }),
    );
    const indexPages = read.pages - 1 - 70;
    expect(indexPages).toBeGreaterThan(1);
    const all = read.text.slice(1, 1 + indexPages).join(' ');
    // Document 1 is on the first page after the cover and the index.
    expect(all).toContain(`Document 1 ${indexPages + 2}`);
    expect(all).toContain(`Document 70 ${indexPages + 71}`);
    // The header is repeated on every index page.
    for (let p = 1; p <= indexPages; p++) expect(read.text[p]).toContain('Description');
  });
});

describe('single document PDF', () => {
  it('puts the document heading first, then its files', async () => {
    const host = memoryHost();
    const read = await readPdf(
      await buildDocumentPdf({
        siteName: 'Siddiqui & Co.',
        caseFile: caseHeader(),
        kind: 'Reply',
        document: entry({
          description: 'Reply to the writ',
          date: '2024-02-29',
          annexure: 'R-1',
          attachments: [host.add('r.png', 'image/png', png)],
        }),
        loadBytes: host.loadBytes,
      }),
    );
    expect(read.pages).toBe(2);
    expect(read.text[0]).toContain('Reply: Reply to the writ');
    expect(read.text[0]).toContain('Date: 29/02/2024');
    expect(read.text[0]).toContain('Annexure: R-1');
    expect(read.text[0]).toContain('W.P. 77/2023');
  });

  it('says so when the document has no files', async () => {
    const host = memoryHost();
    const read = await readPdf(
      await buildDocumentPdf({
        siteName: null,
        caseFile: caseHeader(),
        kind: 'Index',
        document: entry({}),
        loadBytes: host.loadBytes,
      }),
    );
    expect(read.pages).toBe(1);
    expect(read.text[0]).toContain('No attachments in this category.');
  });
});

describe('pending cases PDF', () => {
  it('tabulates Library No., Title, Case No. and Court over as many pages as needed', async () => {
    const host = memoryHost();
    const rows = Array.from({ length: 60 }, (_, i) => ({
      pendingTag: `L-${i + 1}`,
      title: i === 0 ? `${URDU_PARTY} بنام سرکار` : `Case title ${i + 1}`,
      caseType: 'W.P.',
      caseNo: `${100 + i}`,
      year: 2024,
      court: 'Lahore High Court',
    }));
    const read = await readPdf(
      await buildPendingCasesPdf({ siteName: 'Firm', rows, today: '2026-11-22', loadBytes: host.loadBytes }),
    );
    expect(read.pages).toBeGreaterThan(1);
    expect(read.text[0]).toContain('Pending Cases');
    expect(read.text[0]).toContain('Printed on 22/11/2026');
    for (const t of ['Library No.', 'Title', 'Case No.', 'Court', 'L-1', 'W.P. 100/2024', '123/2024'])
      expect(read.text[0]).toContain(t);
    expect(read.text.join(' ')).toContain('W.P. 159/2024');
    expect(read.text[1]).toContain('Library No.');
  });

  it('says when there are none', async () => {
    const host = memoryHost();
    const read = await readPdf(
      await buildPendingCasesPdf({
        siteName: null,
        rows: [],
        today: '2026-11-22',
        loadBytes: host.loadBytes,
      }),
    );
    expect(read.text[0]).toContain('No Pending Cases found.');
  });
});

describe('order sheets PDF', () => {
  it("lists the 'Dates Of Hearing' with Sr. No., Date and Type", async () => {
    const host = memoryHost();
    const read = await readPdf(
      await buildOrderSheetsPdf({
        siteName: 'Siddiqui & Co.',
        caseFile: caseHeader(),
        sheets: [
          { date: '2024-01-10', type: 'Arguments' },
          { date: '2024-02-15', type: null },
        ],
        loadBytes: host.loadBytes,
      }),
    );
    expect(read.pages).toBe(1);
    const t = read.text[0]!;
    for (const s of ['Siddiqui & Co.', 'Dates Of Hearing', 'Sr. No.', 'Date', 'Type', 'W.P. 77/2023'])
      expect(t).toContain(s);
    expect(t).toMatch(/1 10\/01\/2024 Arguments/);
    expect(t).toMatch(/2 15\/02\/2024/);
  });
});

describe('attachment bytes', () => {
  it('tells files apart by their bytes', async () => {
    expect(sniff(png)).toBe('png');
    expect(sniff(topJpeg())).toBe('jpeg');
    expect(sniff(await makeSmallPdf(1))).toBe('pdf');
    expect(sniff(new TextEncoder().encode('<xml/>'))).toBeNull();
  });

  it("reads a phone photo's EXIF orientation", () => {
    expect(jpegOrientation(topJpeg())).toBe(1);
    for (const o of [3, 6, 8]) expect(jpegOrientation(withExifOrientation(topJpeg(), o))).toBe(o);
    expect(jpegOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 4]))).toBe(1);
  });
});
