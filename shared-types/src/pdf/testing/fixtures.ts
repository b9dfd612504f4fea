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

/**
 * A tiny PDF whose page tree lists the same child 10 times on each of `levels` levels: 10^levels pages for a
 * reader that expands it, in under a kilobyte (issue 9: 4 levels are 826 bytes, 5 are 976).
 */
export function makePageTreeBomb(levels: number): Uint8Array {
  const objects: string[] = ['<</Type/Catalog/Pages 2 0 R>>'];
  for (let level = 0; level < levels; level++) {
    const id = 2 + level;
    const kids = Array.from({ length: 10 }, () => `${id + 1} 0 R`).join(' ');
    const parent = level ? `/Parent ${id - 1} 0 R` : '';
    objects.push(`<</Type/Pages/Kids[${kids}]/Count ${10 ** (levels - level)}${parent}>>`);
  }
  objects.push(`<</Type/Page/Parent ${levels + 1} 0 R/MediaBox[0 0 612 792]>>`);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
