import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { TPdfCaseHeader } from '../types.ts';

/** A small real PDF with one line of text per page ("Attached page 1", …), as a scanner app would send. */
export async function makeSmallPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([300, 400]).drawText(`Attached page ${i}`, { x: 40, y: 300, size: 14, font });
  return doc.save();
}

/** A case whose first petitioner is written in Urdu, with a case number that reads right to left. */
export const URDU_PARTY = 'مقدمہ نمبر 123/2024';

export const caseHeader = (over: Partial<TPdfCaseHeader> = {}): TPdfCaseHeader => ({
  court: 'Lahore High Court, Lahore',
  caseType: 'W.P.',
  caseNo: '77',
  year: 2023,
  title: 'Ali Khan v. Province of Punjab',
  petitioners: [URDU_PARTY, 'Ali Khan'],
  opponents: ['Province of Punjab'],
  lawyers: ['Ayesha Siddiqui'],
  institutionDate: '2023-03-14',
  nextHearing: '2026-12-01',
  pendingTag: 'L-12',
  ...over,
});
