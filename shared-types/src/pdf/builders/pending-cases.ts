import { GREY, PageFlow } from '../layout/flow.ts';
import { numberPages } from '../layout/page-numbers.ts';
import { drawTable, type TColumn } from '../layout/table.ts';
import { embedPdfFonts } from '../text/fonts.ts';
import type { TPendingCasesPdfData } from '../types.ts';
import { newPdf, showDate, siteLine } from './common.ts';
import { caseNumber } from '../../case-files/case-title.ts';

const COLUMNS: TColumn[] = [
  { title: 'Library No.', width: 0.15 },
  { title: 'Title', width: 0.4 },
  { title: 'Case No.', width: 0.2 },
  { title: 'Court', width: 0.25 },
];

/** The pending cases list (part 1 §2 print view): Library No. (the pending tag), Title, Case No. and Court. */
export async function buildPendingCasesPdf(data: TPendingCasesPdfData): Promise<Uint8Array> {
  const doc = await newPdf('Pending Cases');
  const fonts = await embedPdfFonts(doc, data.loadBytes);
  const flow = new PageFlow(doc, fonts);
  flow.newPage();
  siteLine(flow, data.siteName);
  flow.text('Pending Cases', { size: 15, bold: true, align: 'center' });
  flow.text(`Printed on ${showDate(data.today)}`, { size: 9, align: 'center', color: GREY });
  flow.gap(10);
  if (data.rows.length)
    drawTable(
      flow,
      COLUMNS,
      data.rows.map((r) => [r.pendingTag ?? '', r.title, caseNumber(r), r.court ?? '']),
    );
  else flow.text('No Pending Cases found.', { align: 'center', color: GREY });
  numberPages(doc, fonts);
  return doc.save();
}
