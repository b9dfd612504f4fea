import { ENTITY_DECLS, fileOwners, ownerMimeTypes, type TFileOwner } from '@lawfirm/shared-types';
import { checkFile } from './sniff.ts';

/**
 * What an owner kind declares about its files (its entity's `files`: kinds, how many, bytes), as the one
 * picker checks a file before it is kept on the device: the same rules the server holds, so a file the device
 * accepts is not refused when the phone is online.
 */
const OWNERS = new Map(fileOwners(ENTITY_DECLS).map((o) => [o.type, o]));

export function fileOwnerOf(type: string): TFileOwner {
  const owner = OWNERS.get(type);
  if (!owner) throw new Error(`no entity owns files of the kind ${type}`);
  return owner;
}

/** The file input's `accept`: the kinds' types and extensions (Word files are named, their types vary). */
export const acceptOf = (owner: Pick<TFileOwner, 'kinds'>): string =>
  [...ownerMimeTypes(owner), ...owner.kinds.map((k) => `.${k}`)].join(',');

/** The picked files the owner may have, typed by their bytes (DESIGN §7); whether any was refused. */
export async function ownerFiles(
  owner: TFileOwner,
  list: readonly File[],
): Promise<{ files: File[]; refused: boolean }> {
  const allowed = ownerMimeTypes(owner);
  const files: File[] = [];
  for (const f of list) {
    const bytes = await f.arrayBuffer();
    const check = checkFile(f.name, new Uint8Array(bytes));
    if (check.ok && allowed.includes(check.mime) && f.size <= owner.maxBytes)
      files.push(new File([bytes], f.name, { type: check.mime }));
  }
  return { files, refused: files.length < list.length };
}
