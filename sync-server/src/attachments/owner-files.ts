import type { FastifyInstance } from 'fastify';
import {
  ENTITY_DECLS,
  fileOwners,
  ownerMimeTypes,
  type TActor,
  type TFileOwner,
} from '@lawfirm/shared-types';
import { checkFile } from './check-file.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import type { ActorFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { validationError } from '../http/errors.ts';
import { storeBlob } from '../uploads/blob-store.ts';
import { attachmentsEntity } from './attachments.entity.ts';
import { cleanFileName, stemOf, uniqueName } from './file-names.ts';

/**
 * The one server path for files a REST call uploads to a row (a case document, a library page, a payment):
 * each file checked by its bytes (DESIGN §7) and against the kinds its owner declares, stored by its hash,
 * then a row of the one attachment model written through the sync store (so every reader's device pulls it,
 * and the owner's limits hold). A device's files take the resumable uploads and a pushed row, the same store.
 */

const OWNERS = new Map(fileOwners(ENTITY_DECLS).map((o) => [o.type, o]));

/** What the owner kind `type` declares about its files. */
export function fileOwner(type: string): TFileOwner {
  const owner = OWNERS.get(type);
  if (!owner) throw new Error(`no entity owns files of the kind ${type}`);
  return owner;
}

/**
 * Every file checked, then stored, before any row is written (file work never holds the database). A file
 * whose bytes are no accepted document is refused with checkFile's words, or with the owner's kinds
 * (`refuseAs: 'kinds'`, as the library always answered).
 */
export async function checkAndStoreFiles(
  app: FastifyInstance,
  actor: TActor,
  owner: TFileOwner,
  files: ReceivedFile[],
  refuseAs?: 'kinds',
): Promise<void> {
  const allowed = ownerMimeTypes(owner);
  for (const f of files) {
    try {
      checkFile(f);
    } catch (e) {
      throw refuseAs === 'kinds' ? validationError({ files: [owner.kindsMessage] }) : e;
    }
    if (!allowed.includes(f.kind!.mime)) throw validationError({ files: [owner.kindsMessage] });
  }
  for (const f of files)
    await storeBlob(
      app.db,
      app.files,
      actor.company_id,
      { sha256: f.sha256, size: f.size, mime: f.kind!.mime },
      { path: f.path },
    );
}

/**
 * The rows of stored files, after the owner's last file, never two of one name within the owner. `within` is
 * the column the files share with their owner (its case file or invoice), `titled` keeps each file's name
 * without its extension as its title (case documents).
 */
export async function putOwnerFiles(
  firm: ActorFirm,
  owner: TFileOwner,
  ownerId: string,
  files: ReceivedFile[],
  opts: { within?: Record<string, string>; titled?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const scope = { owner_type: owner.type, owner_id: ownerId };
  let order = await firm.nextDisplayOrder('attachments', scope);
  const taken = new Set(
    (await firm.rowsWhere('attachments', 'owner_id', [ownerId]))
      .filter((a) => a.owner_type === owner.type)
      .map((a) => a.file_name),
  );
  const rows: Record<string, unknown>[] = [];
  for (const f of files) {
    const original = cleanFileName(f.filename);
    const { row } = await firm.put(attachmentsEntity, newId(), {
      ...scope,
      ...opts.within,
      sha256: f.sha256,
      file_name: uniqueName(original, taken),
      mime_type: f.kind!.mime,
      size: f.size,
      ...(opts.titled ? { title: stemOf(original).slice(0, 255) || null } : {}),
      display_order: order++,
    });
    rows.push(row);
  }
  return rows;
}
