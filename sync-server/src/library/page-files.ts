import type { FastifyInstance } from 'fastify';
import type { TActor } from '@lawfirm/shared-types';
import type { TPageKind } from '@lawfirm/shared-types/library/pages.ts';
import { checkAndStoreFiles, fileOwner, putOwnerFiles } from '../attachments/owner-files.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import type { ActorFirm } from '../sync/firm.ts';

/**
 * The files of a library page (a proposition, sample contract or sample pleading): files of the one attachment
 * model owned by the page, added the same way whether they come with the page's own POST (`files[n]`) or
 * through POST /api/attachments as the original client's uploader sends them (`attachmentable_type`
 * GeneralCaseLaw…). Their kinds and number are the page declaration's `files` (shared-types library/pages.ts).
 */

/** The original client's URL of a page's file (InvoiceThumb.vue: `{folder}/{page id}/{file_name}`). */
export const pageFilePath = (kind: TPageKind, pageId: string, fileName: string) =>
  `/storage/attachments/${kind.rest.storageFolder}/${encodeURIComponent(pageId)}/${encodeURIComponent(fileName)}`;

/** Every file checked by its bytes and against the library's kinds, then stored, before any row is written. */
export const checkAndStorePageFiles = (
  app: FastifyInstance,
  actor: TActor,
  kind: TPageKind,
  files: ReceivedFile[],
): Promise<void> => checkAndStoreFiles(app, actor, fileOwner(kind.ownerType), files, 'kinds');

/** The rows of stored files, after the page's last; two files of a page never share a name. */
export const putPageFiles = (
  firm: ActorFirm,
  kind: TPageKind,
  pageId: string,
  files: ReceivedFile[],
): Promise<Record<string, unknown>[]> => putOwnerFiles(firm, fileOwner(kind.ownerType), pageId, files);
