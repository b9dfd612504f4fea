import type { TDatedModule } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import type { LocalDb } from '../sync/db.ts';
import { pdfFontBytes } from './fonts.ts';
import {
  caseFileData,
  datedDocumentData,
  documentData,
  localFileLoader,
  orderSheetsData,
  pendingCasesData,
  type TDocumentPdfKind,
} from './pdf-data.ts';
import { saveFile } from './save-file.ts';

/**
 * PDF downloads made on the device (DESIGN §6): the same shared builders as the server, fed from the local
 * tables and blobs, so they work with no network. pdf-lib and fontkit are loaded only when a PDF is asked
 * for (a chunk of their own), not with the app shell's first screen.
 */
export type TPdfDownloadOptions = {
  /** Attachments placed so far and in all, for a progress line while a large case file is built. */
  onProgress?: (done: number, total: number) => void;
};

const builders = () => import('@lawfirm/shared-types/pdf/index.ts');

export async function downloadCaseFilePdf(
  db: LocalDb,
  petitionId: string,
  opts: TPdfDownloadOptions = {},
): Promise<void> {
  const [{ buildCaseFilePdf }, { name, data }] = await Promise.all([
    builders(),
    caseFileData(db, petitionId),
  ]);
  const bytes = await buildCaseFilePdf({ ...data, loadBytes: localFileLoader(db, pdfFontBytes), ...opts });
  saveFile(bytes, name);
}

/** One index item or one reply with its files (the single-item "Download PDF"). */
export async function downloadDocumentPdf(
  db: LocalDb,
  kind: TDocumentPdfKind,
  id: string,
  opts: TPdfDownloadOptions = {},
): Promise<void> {
  const [{ buildDocumentPdf }, { name, data }] = await Promise.all([builders(), documentData(db, kind, id)]);
  const bytes = await buildDocumentPdf({ ...data, loadBytes: localFileLoader(db, pdfFontBytes), ...opts });
  saveFile(bytes, name);
}

/** One dated module item with its files (the index screen's "Download PDF"). */
export async function downloadDatedPdf(db: LocalDb, m: TDatedModule, id: string): Promise<void> {
  const [{ buildDocumentPdf }, { name, data }] = await Promise.all([
    builders(),
    datedDocumentData(db, m, id),
  ]);
  saveFile(await buildDocumentPdf({ ...data, loadBytes: localFileLoader(db, pdfFontBytes) }), name);
}

export async function downloadPendingCasesPdf(db: LocalDb): Promise<void> {
  const [{ buildPendingCasesPdf }, { name, data }] = await Promise.all([builders(), pendingCasesData(db)]);
  saveFile(await buildPendingCasesPdf({ ...data, loadBytes: localFileLoader(db, pdfFontBytes) }), name);
}

/** The printed order sheets: the case and its 'Dates Of Hearing'. */
export async function downloadOrderSheetsPdf(db: LocalDb, petitionId: string): Promise<void> {
  const [{ buildOrderSheetsPdf }, { name, data }] = await Promise.all([
    builders(),
    orderSheetsData(db, petitionId),
  ]);
  saveFile(await buildOrderSheetsPdf({ ...data, loadBytes: localFileLoader(db, pdfFontBytes) }), name);
}
