import { ENTITY_DECLS, fileOwners } from '@lawfirm/shared-types';
import type { TFileOwners, TOwnerUpload } from './case-files/attachments.routes.ts';
import { legacyStorageHeaders } from './auth/original-client.ts';
import { ownerFileRoutes, uploadOwnerFiles } from './attachments/owner-legacy.ts';
import { libraryFileRoutes, pageKindOfOwner, uploadPageFiles } from './library/legacy-files.ts';
import { siteLogoRoutes, uploadLogo } from './settings/site-logo.ts';

/** Owners whose files the original client reaches at a declared storage path (a payment's receipts). */
const DECLARED = fileOwners(ENTITY_DECLS).filter((o) => o.storagePath);

/** Owners named by their model, whose upload needs a file (rest-contract 33's Payment and Setting). */
const NAMED_UPLOADS: Record<string, TOwnerUpload['upload']> = {
  ...Object.fromEntries(
    DECLARED.map((o): [string, TOwnerUpload['upload']] => [
      o.type,
      (app, actor, fields, files) => uploadOwnerFiles(app, actor, o, fields, files),
    ]),
  ),
  Setting: uploadLogo,
};

/**
 * The owners of files besides case documents that the original client's /api/attachments and
 * /storage/attachments calls reach (rest-contract 33–36): owners that declare a storage path (payments'
 * receipts: attachments/owner-legacy.ts), library pages and the site logo. An explicit list, handed to
 * case-files/attachments.routes.ts by routes.ts.
 */
export const FILE_OWNERS: TFileOwners = {
  fileRoutes: [
    libraryFileRoutes,
    ...DECLARED.map((o) => ownerFileRoutes(o, legacyStorageHeaders)),
    siteLogoRoutes,
  ],
  uploadFor(type) {
    const name = (type ?? '').trim().replace(/^App\\Models\\/, '');
    if (Object.hasOwn(NAMED_UPLOADS, name)) return { upload: NAMED_UPLOADS[name]!, needsFile: true };
    // A library page's files (GeneralCaseLaw, SamplePleading…): library/legacy-files.ts.
    const page = pageKindOfOwner(type);
    if (!page) return undefined;
    return {
      upload: (app, actor, fields, files) => uploadPageFiles(app, actor, page, fields, files),
      needsFile: false,
    };
  },
};
