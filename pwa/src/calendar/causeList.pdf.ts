import type { TCauseListRow } from '@lawfirm/shared-types/pdf/builders/cause-list.ts';
import { pdfFontBytes } from '../pdf/fonts.ts';
import { localFileLoader } from '../pdf/pdf-data.ts';
import { saveFile } from '../pdf/save-file.ts';
import type { LocalDb } from '../sync/db.ts';

/**
 * A day's cause list as a PDF made on the device (works offline) by the shared builder the server uses too
 * (GET /api/calendar/cause_list_pdf), so the file is the same either way.
 */
export async function downloadCauseListPdf(
  db: LocalDb,
  heading: string,
  date: string,
  rows: TCauseListRow[],
): Promise<void> {
  const [{ buildCauseListPdf, causeListFileName }, settings] = await Promise.all([
    import('@lawfirm/shared-types/pdf/index.ts'),
    db.rows('settings').toCollection().first(),
  ]);
  const siteName = typeof settings?.site_name === 'string' ? settings.site_name : null;
  const bytes = await buildCauseListPdf({
    siteName,
    heading,
    date,
    rows,
    loadBytes: localFileLoader(db, pdfFontBytes),
  });
  saveFile(bytes, causeListFileName(date));
}
