import type { TFileOwners } from './case-files/attachments.routes.ts';
import { receiptFileRoutes, uploadReceipt } from './invoices/receipt-files.ts';
import { libraryFileRoutes, pageKindOfOwner, uploadPageFiles } from './library/legacy-files.ts';
import { siteLogoRoutes, uploadLogo } from './settings/site-logo.ts';

/** Owners named by their model, whose upload needs a file (rest-contract 33's Payment and Setting). */
const NAMED_UPLOADS = { Payment: uploadReceipt, Setting: uploadLogo } as const;

/**
 * The owners of files besides case documents that the original client's /api/attachments and
 * /storage/attachments calls reach (rest-contract 33–36): library pages, payments' receipts and the site logo.
 * An explicit list, handed to case-files/attachments.routes.ts by routes.ts.
 */
export const FILE_OWNERS: TFileOwners = {
  fileRoutes: [libraryFileRoutes, receiptFileRoutes, siteLogoRoutes],
  uploadFor(type) {
    const name = (type ?? '').trim().replace(/^App\\Models\\/, '');
    if (Object.hasOwn(NAMED_UPLOADS, name))
      return { upload: NAMED_UPLOADS[name as keyof typeof NAMED_UPLOADS], needsFile: true };
    // A library page's files (GeneralCaseLaw, SamplePleading…): library/legacy-files.ts.
    const page = pageKindOfOwner(type);
    if (!page) return undefined;
    return {
      upload: (app, actor, fields, files) => uploadPageFiles(app, actor, page, fields, files),
      needsFile: false,
    };
  },
};
