import { appendAttachment, appendContext } from '../attachments/append.ts';
import { GREY, PageFlow } from '../layout/flow.ts';
import { numberPages } from '../layout/page-numbers.ts';
import { embedPdfFonts } from '../text/fonts.ts';
import type { TDocumentPdfData } from '../types.ts';
import { caseBlock, entryCaption, newPdf, showDate, siteLine } from './common.ts';
import { caseNumber } from '../../case-files/case-title.ts';

/**
 * One index item or one reply with its attachments (the single-item "Download PDF"): the case it belongs
 * to, the document's own line as the index shows it, then its files in display order.
 */
export async function buildDocumentPdf(data: TDocumentPdfData): Promise<Uint8Array> {
  const { caseFile: c, document: d } = data;
  const doc = await newPdf(`${caseNumber(c)} ${d.description}`);
  const fonts = await embedPdfFonts(doc, data.loadBytes);
  const flow = new PageFlow(doc, fonts);
  flow.newPage();
  siteLine(flow, data.siteName);
  caseBlock(flow, c);
  flow.gap(18);
  flow.text(`${data.kind}: ${d.description}`, { size: 13, bold: true });
  const details = [
    d.date ? `Date: ${showDate(d.date)}` : '',
    d.annexure?.trim() ? `Annexure: ${d.annexure.trim()}` : '',
    d.page_info?.trim() ? `Page: ${d.page_info.trim()}` : '',
  ].filter(Boolean);
  if (details.length) flow.text(details.join('    '), { size: 10, color: GREY });
  flow.gap(12);
  if (!d.attachments.length) flow.text('No attachments in this category.', { color: GREY });

  const total = d.attachments.length;
  data.onProgress?.(0, total);
  const ctx = appendContext(doc, fonts, flow, data.loadBytes);
  // The heading page already names the document, so notes written under it need no caption of their own.
  ctx.noteCaption = entryCaption(d);
  let done = 0;
  for (const attachment of d.attachments) {
    await appendAttachment(ctx, attachment, entryCaption(d));
    data.onProgress?.(++done, total);
  }
  numberPages(doc, fonts);
  return doc.save();
}
