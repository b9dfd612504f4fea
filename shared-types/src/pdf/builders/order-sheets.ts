import { GREY, PageFlow } from '../layout/flow.ts';
import { numberPages } from '../layout/page-numbers.ts';
import { drawTable, type TColumn } from '../layout/table.ts';
import { embedPdfFonts } from '../text/fonts.ts';
import type { TOrderSheetsPdfData } from '../types.ts';
import { caseBlock, newPdf, showDate } from './common.ts';
import { caseNumber } from '../../case-files/case-title.ts';

const COLUMNS: TColumn[] = [
  { title: 'Sr. No.', width: 0.12, align: 'left' },
  { title: 'Date', width: 0.28, align: 'left' },
  { title: 'Type', width: 0.6 },
];

/** The printed order sheets (part 2 §2.1): the site name, the case, and 'Dates Of Hearing' (Sr. No., Date, Type). */
export async function buildOrderSheetsPdf(data: TOrderSheetsPdfData): Promise<Uint8Array> {
  const c = data.caseFile;
  const doc = await newPdf(`${caseNumber(c)} Dates Of Hearing`);
  const fonts = await embedPdfFonts(doc, data.loadBytes);
  const flow = new PageFlow(doc, fonts);
  flow.newPage();
  if (data.siteName?.trim()) flow.text(data.siteName.trim(), { size: 14, bold: true, align: 'center' });
  flow.gap(8);
  caseBlock(flow, c);
  flow.gap(18);
  flow.text('Dates Of Hearing', { size: 13, bold: true });
  flow.gap(4);
  if (data.sheets.length)
    drawTable(
      flow,
      COLUMNS,
      data.sheets.map((s, i) => [`${i + 1}`, showDate(s.date), s.type ?? '']),
    );
  else flow.text('No Records found', { color: GREY });
  numberPages(doc, fonts);
  return doc.save();
}
