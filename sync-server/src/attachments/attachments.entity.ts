import { attachmentsDecl, fileOwners, ENTITY_DECLS, tooManyFilesMessage } from '@lawfirm/shared-types';
import { forFirm } from '../sync/firm.ts';
import { serverEntity } from '../sync/entities.ts';
import { uniqueName } from './file-names.ts';

/** What each owner kind declares about its files (the owner's `files`), by kind. */
const OWNERS = new Map(fileOwners(ENTITY_DECLS).map((o) => [o.type, o]));

/**
 * The one attachment model on the server: the shared declaration (owners, kinds, sizes, who may read and edit)
 * plus what needs the database, on every write path (a device's push, a REST upload, a legacy put): an owner
 * holds at most its declared number of live files, and the kinds that ask for it never hold two files of one
 * name (the original client's URLs name a file by its owner and name: a second "image.jpg" is "image (2).jpg").
 */
export const attachmentsEntity = serverEntity(attachmentsDecl, {
  check: async (trx, actor, row, changed) => {
    const owner = OWNERS.get(String(row.owner_type));
    if (!owner || !changed.includes('owner_id')) return null;
    const others = await forFirm(trx, actor.company_id)
      .live('attachments')
      .select(['id', 'file_name'])
      .where('owner_type', '=', owner.type)
      .where('owner_id', '=', String(row.owner_id))
      .where('id', '!=', row.id)
      .execute();
    if (others.length >= owner.max) return tooManyFilesMessage(owner.max);
    if (owner.uniqueNames)
      row.file_name = uniqueName(String(row.file_name), new Set(others.map((o) => o.file_name)));
    return null;
  },
});
