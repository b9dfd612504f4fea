/**
 * PDF builders shared by the server (download URLs) and the PWA (offline downloads), DESIGN §6. Imported by
 * path (`@lawfirm/shared-types/pdf/index.ts`), not from the package root, so pdf-lib and fontkit load only
 * where a PDF is made: the PWA pulls them in as a separate chunk when the user asks for a download.
 */
export * from './types.ts';
export * from './case-data.ts';
export { buildCaseFilePdf } from './builders/case-file.ts';
export { buildDocumentPdf } from './builders/document.ts';
export { buildPendingCasesPdf } from './builders/pending-cases.ts';
export { buildOrderSheetsPdf } from './builders/order-sheets.ts';
export * from './builders/cause-list.ts';
export { PDF_FONT_FILES } from './text/fonts.ts';
