import { GREY, PageFlow } from '../layout/flow.ts';
import { numberPages } from '../layout/page-numbers.ts';
import { drawTable, type TColumn } from '../layout/table.ts';
import { embedPdfFonts } from '../text/fonts.ts';
import type { TPdfHost } from '../types.ts';
import { newPdf, showDate, siteLine } from './common.ts';

/** One hearing of a cause list, as the device and the server both give it. */
export type TCauseListRow = {
  /** 'WP 12/2024'. */
  caseNo: string;
  title: string;
  court: string | null;
  pendingTag: string | null;
  /** The type of the case's last order sheet (the stage it stands at), when one has a type. */
  lastOrder: string | null;
  /** Where the hearing is in the court, and its number in the court's own cause list (issue 34; optional). */
  courtRoom?: string | null;
  serialNo?: number | null;
};

export type TCauseListPdfData = Omit<TPdfHost, 'onProgress'> & {
  siteName: string | null;
  /** 'Today' or 'Tomorrow'. */
  heading: string;
  /** The ISO day of the hearings. */
  date: string;
  /** The hearings of the day by court and serial (today-list.ts orderedByPlace: the order they are called). */
  rows: TCauseListRow[];
};

// "Room" and "Serial" (issue 34): where to be and when the case is called, read off the court's own list.
const COLUMNS: TColumn[] = [
  { title: 'Sr. No.', width: 0.06 },
  { title: 'Case No.', width: 0.14 },
  { title: 'Title', width: 0.24 },
  { title: 'Court', width: 0.16 },
  { title: 'Room', width: 0.1 },
  { title: 'Serial', width: 0.07 },
  { title: 'Pending Tag', width: 0.1 },
  { title: 'Last Order', width: 0.13 },
];

/** The file name of a day's cause list: 'Cause List 27-11-2026.pdf'. */
export const causeListFileName = (date: string): string =>
  `Cause List ${showDate(date).replace(/\//g, '-')}.pdf`;

/**
 * A day's cause list (issue 13 item 3): the firm's hearings of the day by court, with case number, title, court,
 * court room and serial (issue 34), pending tag and the last order sheet's type; the same builder on the device (offline) and the server.
 */
export async function buildCauseListPdf(data: TCauseListPdfData): Promise<Uint8Array> {
  const doc = await newPdf(`Cause List ${showDate(data.date)}`);
  const fonts = await embedPdfFonts(doc, data.loadBytes);
  const flow = new PageFlow(doc, fonts);
  flow.newPage();
  siteLine(flow, data.siteName);
  flow.text('Cause List', { size: 15, bold: true, align: 'center' });
  flow.text(`${data.heading}, ${showDate(data.date)}`, { size: 11, align: 'center' });
  flow.text(`${data.rows.length} hearing${data.rows.length === 1 ? '' : 's'}`, {
    size: 9,
    align: 'center',
    color: GREY,
  });
  flow.gap(10);
  if (data.rows.length)
    drawTable(
      flow,
      COLUMNS,
      data.rows.map((r, i) => [
        String(i + 1),
        r.caseNo,
        r.title,
        r.court ?? '',
        r.courtRoom?.trim() ?? '',
        r.serialNo != null ? String(r.serialNo) : '',
        r.pendingTag ?? '',
        r.lastOrder ?? '',
      ]),
    );
  else flow.text('No hearings.', { align: 'center', color: GREY });
  numberPages(doc, fonts);
  return doc.save();
}
