import { ENTITY_DECLS, fileOwners } from '@lawfirm/shared-types';
import type { TFileOwners, TOwnerUpload } from './case-files/attachments.routes.ts';
import { legacyStorageHeaders } from './auth/original-client.ts';
import { ownerFileRoutes, uploadOwnerFiles } from './attachments/owner-legacy.ts';
import { siteLogoRoutes, uploadLogo } from './settings/site-logo.ts';
import { MSG_SELECT_FILE } from './case-files/case-files.schema.ts';

/** Owners whose files the original client reaches at a declared storage path (receipts, library pages). */
const DECLARED = fileOwners(ENTITY_DECLS).filter((o) => o.storagePath);

/** Owners named by their model (rest-contract 33's Payment, GeneralCaseLaw… and Setting). */
const NAMED_UPLOADS: Record<string, TOwnerUpload> = {
  ...Object.fromEntries(
    DECLARED.map((o): [string, TOwnerUpload] => [
      o.type,
      {
        upload: (app, actor, fields, files) =>
          uploadOwnerFiles(app, actor, o, fields, files, MSG_SELECT_FILE),
        // A library page's uploader is refused no file after its policy (owner-legacy.ts).
        needsFile: !o.legacyUploader,
      },
    ]),
  ),
  Setting: { upload: uploadLogo, needsFile: true },
};

/**
 * The owners of files besides case documents that the original client's /api/attachments and
 * /storage/attachments calls reach (rest-contract 33–36): owners that declare a storage path (payments'
 * receipts, library pages: attachments/owner-legacy.ts) and the site logo. An explicit list, handed to
 * case-files/attachments.routes.ts by routes.ts.
 */
export const FILE_OWNERS: TFileOwners = {
  fileRoutes: [...DECLARED.map((o) => ownerFileRoutes(o, legacyStorageHeaders)), siteLogoRoutes],
  uploadFor(type) {
    const name = (type ?? '').trim().replace(/^App\\Models\\/, '');
    return Object.hasOwn(NAMED_UPLOADS, name) ? NAMED_UPLOADS[name] : undefined;
  },
};
