import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_BUILD_PAGES,
  PDF_PAGE_TREE_MESSAGE,
  PDF_TOO_MANY_PAGES_MESSAGE,
} from '../../attachments/limits.ts';
import { buildDocumentPdf, type TPdfAttachment } from '../index.ts';
import { caseHeader, makePageTreeBomb, makeSmallPdf } from '../testing/fixtures.ts';
import { memoryHost } from '../testing/host.ts';
import { makeBlankRgbaPng, makePng } from '../testing/images.ts';
import { readPdf } from '../testing/read-pdf.ts';
import { PageFlow } from '../layout/flow.ts';
import { embedPdfFonts } from '../text/fonts.ts';
import { appendAttachment, appendContext } from './append.ts';
import { countPages, pdfRefusal } from './pdf-pages.ts';

const document = (attachments: TPdfAttachment[]) => ({
  description: 'Annexures',
  date: null,
  annexure: null,
  page_info: null,
  attachments,
});

describe('PDF page trees', () => {
  it('refuses a page tree that lists the same child 10 times on each level, from a file of under a KB', async () => {
    for (const levels of [4, 5, 9]) {
      const bomb = makePageTreeBomb(levels);
      if (levels < 9) expect(bomb.length).toBeLessThan(1024);
      expect(countPages(await PDFDocument.load(bomb))).toEqual({ ok: false, message: PDF_PAGE_TREE_MESSAGE });
      expect(await pdfRefusal(bomb)).toBe(PDF_PAGE_TREE_MESSAGE);
    }
  });

  it('counts a real file, and refuses one over the page limit', async () => {
    expect(countPages(await PDFDocument.load(await makeSmallPdf(3)))).toEqual({ ok: true, pages: 3 });
    expect(await pdfRefusal(await makeSmallPdf(3))).toBeNull();
    expect(countPages(await PDFDocument.load(await makeSmallPdf(12)), 10)).toEqual({
      ok: false,
      message: PDF_TOO_MANY_PAGES_MESSAGE,
    });
    expect(PDF_TOO_MANY_PAGES_MESSAGE).toBe('A PDF may have at most 3,000 pages.');
  });

  it('keeps a file pdf-lib cannot read (a built PDF names it instead)', async () => {
    expect(await pdfRefusal(new TextEncoder().encode('%PDF-1.7\nnot really'))).toBeNull();
  });
});

describe('attachments over a limit in a built PDF', () => {
  it('names a page-tree bomb and a 10000×10000 transparent PNG instead of drawing them, and keeps the rest', async () => {
    const host = memoryHost();
    const pdf = await buildDocumentPdf({
      loadBytes: host.loadBytes,
      siteName: null,
      caseFile: caseHeader(),
      kind: 'Index',
      document: document([
        host.add('ten-thousand.pdf', 'application/pdf', makePageTreeBomb(4)),
        host.add('hundred-thousand.pdf', 'application/pdf', makePageTreeBomb(5)),
        host.add('huge.png', 'image/png', await makeBlankRgbaPng(10_000, 10_000)),
        host.add('scan.pdf', 'application/pdf', await makeSmallPdf(2)),
        host.add(
          'photo.png',
          'image/png',
          makePng(40, 30, () => [0, 90, 0, 255], { alpha: true }),
        ),
      ]),
    });
    const read = await readPdf(pdf);
    // The heading page with the three notes, the scan's 2 pages, the photo.
    expect(read.pages).toBe(4);
    expect(read.text[0]).toContain(`File not included: ten-thousand.pdf. ${PDF_PAGE_TREE_MESSAGE}`);
    expect(read.text[0]).toContain(`File not included: hundred-thousand.pdf. ${PDF_PAGE_TREE_MESSAGE}`);
    expect(read.text[0]).toContain(`File not included: huge.png. ${IMAGE_TOO_LARGE_MESSAGE}`);
    expect(read.text[1]).toContain('Attached page 1');
  });

  it(`stops copying attachments once a PDF has ${MAX_BUILD_PAGES} of their pages, and names the rest`, async () => {
    const host = memoryHost();
    const doc = await PDFDocument.create();
    const fonts = await embedPdfFonts(doc, host.loadBytes);
    const ctx = appendContext(doc, fonts, new PageFlow(doc, fonts), host.loadBytes);
    // The same rule with a smaller budget: 3 pages left.
    ctx.pagesLeft = 3;
    const scan = await makeSmallPdf(2);
    for (const name of ['first.pdf', 'second.pdf'])
      await appendAttachment(ctx, host.add(name, 'application/pdf', scan), '');
    await appendAttachment(
      ctx,
      host.add(
        'photo.png',
        'image/png',
        makePng(4, 4, () => [0, 0, 0]),
      ),
      '',
    );
    await appendAttachment(
      ctx,
      host.add(
        'late.png',
        'image/png',
        makePng(5, 4, () => [0, 0, 0]),
      ),
      '',
    );
    const read = await readPdf(await doc.save());
    // first.pdf's 2 pages, a note, the photo (the last page left), a note.
    expect(read.pages).toBe(5);
    expect(read.text[2]).toContain(
      'File not included: second.pdf. This PDF would pass 10,000 attached pages.',
    );
    expect(read.text[4]).toContain(
      'File not included: late.png. This PDF already has 10,000 attached pages.',
    );
  });
});
