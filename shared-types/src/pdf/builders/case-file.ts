import type { PDFDocument } from 'pdf-lib';
import { appendAttachment, appendContext, type TPageRange } from '../attachments/append.ts';
import { A4, GREY, PageFlow } from '../layout/flow.ts';
import { numberPages } from '../layout/page-numbers.ts';
import { drawTable, type TColumn } from '../layout/table.ts';
import { embedPdfFonts, type TPdfFonts } from '../text/fonts.ts';
import type { TCaseFilePdfData, TPdfCaseHeader, TPdfDocumentEntry } from '../types.ts';
import { entryCaption, nameList, newPdf, showDate, siteLine } from './common.ts';
import { caseNumber, caseTitle } from '../../case-files/case-title.ts';

const INDEX_COLUMNS: TColumn[] = [
  { title: 'No.', width: 0.08, align: 'left' },
  { title: 'Description', width: 0.44 },
  { title: 'Date', width: 0.16, align: 'left' },
  { title: 'Annexure', width: 0.16 },
  { title: 'Page', width: 0.16, align: 'left' },
];

function drawCover(flow: PageFlow, siteName: string | null, c: TPdfCaseHeader): void {
  flow.newPage();
  siteLine(flow, siteName);
  flow.gap(70);
  if (c.court) flow.text(c.court, { size: 15, bold: true, align: 'center' });
  flow.gap(10);
  flow.text(caseNumber(c), { size: 13, bold: true, align: 'center' });
  flow.gap(24);
  flow.text(c.title, { size: 17, bold: true, align: 'center' });
  flow.gap(36);
  const side = (names: string[], label: string) => {
    for (const name of names) flow.text(name, { size: 12, align: 'center' });
    flow.text(label, { size: 9, align: 'center', color: GREY });
  };
  side(c.petitioners, 'Petitioner(s)');
  flow.gap(14);
  flow.text('VERSUS', { size: 11, bold: true, align: 'center' });
  flow.gap(14);
  side(c.opponents, 'Opponent(s)');
  flow.gap(48);
  const details: [string, string][] = [
    ['Lawyers', nameList(c.lawyers)],
    ['Date of Institution', showDate(c.institutionDate)],
    ['Next Hearing', showDate(c.nextHearing)],
    ['Library No.', c.pendingTag ?? ''],
  ];
  for (const [label, value] of details)
    if (value.trim()) flow.text(`${label}: ${value}`, { size: 11, align: 'left' });
}

/** Rows of the index; the page column falls back to where the document's pages really are in this PDF. */
function indexRows(data: TCaseFilePdfData, ranges: (TPageRange | null)[], offset: number): string[][] {
  return data.index.map((e, i) => {
    const r = ranges[i];
    const computed = r ? (r[0] === r[1] ? `${r[0] + offset}` : `${r[0] + offset}-${r[1] + offset}`) : '';
    return [`${i + 1}`, e.description, showDate(e.date), e.annexure ?? '', e.page_info?.trim() || computed];
  });
}

function drawIndex(flow: PageFlow, rows: string[][], title = 'INDEX'): void {
  flow.newPage();
  flow.text(title, { size: 15, bold: true, align: 'center' });
  flow.gap(10);
  if (rows.length) drawTable(flow, INDEX_COLUMNS, rows);
  else flow.text('No Records found', { align: 'center', color: GREY });
}

/**
 * The index goes after the cover, but its page column needs the pages of everything after it, and how many
 * pages it takes itself. So the documents are appended first, the index is laid out without drawing until
 * its length settles, and then it is drawn onto pages inserted after the cover.
 */
function insertIndex(
  doc: PDFDocument,
  fonts: TPdfFonts,
  data: TCaseFilePdfData,
  ranges: (TPageRange | null)[],
) {
  let indexPages = 1;
  for (let tries = 0; tries < 3; tries++) {
    const dry = PageFlow.measuring(doc, fonts);
    // Page numbers are 1-based: the cover is page 1, the index pages follow, then the documents.
    drawIndex(dry, indexRows(data, ranges, indexPages + 1));
    if (dry.pages === indexPages) break;
    indexPages = dry.pages;
  }
  const flow = new PageFlow(doc, fonts, (n) => doc.insertPage(1 + n, [A4.width, A4.height]));
  drawIndex(flow, indexRows(data, ranges, indexPages + 1));
}

/** A section's table: its own numbering; the page column as the items give it. */
const sectionRows = (entries: readonly TPdfDocumentEntry[]): string[][] =>
  entries.map((e, i) => [`${i + 1}`, e.description, showDate(e.date), e.annexure ?? '', e.page_info ?? '']);

/**
 * The whole case file as one PDF (the "Download PDF" of a case): a cover, the index, then every index item's
 * attachments in index order and display order; then each further section (standard index lists…) in the
 * case's order: its table on a new page, then its items' attachments.
 */
export async function buildCaseFilePdf(data: TCaseFilePdfData): Promise<Uint8Array> {
  const c = data.caseFile;
  const doc = await newPdf(caseTitle(c));
  const fonts = await embedPdfFonts(doc, data.loadBytes);
  drawCover(new PageFlow(doc, fonts), data.siteName, c);

  const sections = (data.sections ?? []).filter((s) => s.entries.length);
  const total = [data.index, ...sections.map((s) => s.entries)]
    .flat()
    .reduce((n, e) => n + e.attachments.length, 0);
  let done = 0;
  data.onProgress?.(0, total);
  const ctx = appendContext(doc, fonts, new PageFlow(doc, fonts), data.loadBytes);
  const ranges: (TPageRange | null)[] = [];
  for (const entry of data.index) {
    // 0-based page indexes without the index pages; the cover is index 0.
    let range: TPageRange | null = null;
    const caption = entryCaption(entry);
    for (const attachment of entry.attachments) {
      const [first, last] = await appendAttachment(ctx, attachment, caption);
      range = range ? [range[0], last] : [first, last];
      data.onProgress?.(++done, total);
    }
    ranges.push(range);
  }
  for (const s of sections) {
    // The section starts on a page of its own, after any notes page left open.
    ctx.flow.closePage();
    drawIndex(new PageFlow(doc, fonts), sectionRows(s.entries), s.title.toUpperCase());
    for (const entry of s.entries)
      for (const attachment of entry.attachments) {
        await appendAttachment(ctx, attachment, entryCaption(entry));
        data.onProgress?.(++done, total);
      }
  }
  insertIndex(doc, fonts, data, ranges);
  numberPages(doc, fonts);
  return doc.save();
}
