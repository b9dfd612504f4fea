import {
  fileTooLargeMessage,
  ownerMimeTypes,
  tooManyFilesMessage,
  type TFileOwner,
} from '@lawfirm/shared-types';
import { DOCUMENT_MIME, type TDocumentKind } from '@lawfirm/shared-types/attachments/sniff.ts';
import { ACCEPT_ATTRIBUTE, checkFile, checkPdfPages } from './sniff.ts';
import { acceptOf, fileOwnerOf, ownerFiles } from './ownerFiles.ts';

/** Why some picked files were refused: one message, and the names of the files it refused. */
export type TRefusal = { message: string; names: string[] };
export type TPicked = { files: File[]; refused: TRefusal[] };

/**
 * What the one picker (FilePicker) takes: its input's `accept`, and the check of picked files, which keeps the
 * accepted ones re-typed by their bytes (the browser may not know the type) and says why it refused the others.
 */
export type TPickRules = { accept: string; check: (files: readonly File[]) => Promise<TPicked> };

/** The files of a declared owner kind (`Payment`, a library page's): its kinds and bytes, and its message. */
export function ownerRules(type: string): TPickRules {
  const owner = fileOwnerOf(type);
  return {
    accept: acceptOf(owner),
    check: async (list) => {
      const { files, refused } = await ownerFiles(owner, list);
      return { files, refused: refused ? [{ message: owner.kindsMessage, names: [] }] : [] };
    },
  };
}

/** Every document kind the server keeps (a case document's files may be any of them). */
const ALL_KINDS = Object.keys(DOCUMENT_MIME);

/**
 * A case document's files (index items, replies, dated modules, standard indexes), as the owner kind `type`
 * declares them (its entity's `files`: kinds, bytes, how many): each refusal with its own message (a PDF's pages
 * counted as the server counts them) and the files it names. A photo from the camera has no name: it is named
 * by its kind.
 */
export const documentRules = (type: string): TPickRules => declaredDocumentRules(fileOwnerOf(type));

/** The rules of documentRules for a declaration's `files` (so a test can hand in narrower ones). */
export function declaredDocumentRules(
  owner: Pick<TFileOwner, 'kinds' | 'kindsMessage' | 'maxBytes' | 'max'>,
): TPickRules {
  const allowed = ownerMimeTypes(owner);
  return {
    // Any kind: `image/*` lets a phone offer its camera and gallery; narrower owners name their kinds.
    accept: ALL_KINDS.every((k) => owner.kinds.includes(k as TDocumentKind))
      ? ACCEPT_ATTRIBUTE
      : acceptOf(owner),
    check: async (list) => {
      const files: File[] = [];
      const refused = new Map<string, string[]>();
      for (const f of list) {
        const bytes = new Uint8Array(await f.arrayBuffer());
        const message = await refusal(f.name, bytes);
        if (typeof message === 'string')
          refused.set(message, [...(refused.get(message) ?? []), f.name || 'file']);
        else files.push(new File([bytes], f.name || `photo.${message.kind}`, { type: message.mime }));
      }
      // More than one owner may have in one pick: those past the declared number are refused.
      if (files.length > owner.max)
        refused.set(
          tooManyFilesMessage(owner.max),
          files.splice(owner.max).map((f) => f.name),
        );
      return { files, refused: [...refused].map(([message, names]) => ({ message, names })) };
    },
  };

  /** Why a file is refused (checkFile's words, then the owner's declared kinds and bytes), or its kind. */
  async function refusal(name: string, bytes: Uint8Array): Promise<string | { kind: string; mime: string }> {
    const checked = checkFile(name, bytes);
    if (!checked.ok) return checked.message;
    if (!allowed.includes(checked.mime)) return owner.kindsMessage;
    if (bytes.length > owner.maxBytes) return fileTooLargeMessage(owner.maxBytes);
    const pages = checked.kind === 'pdf' ? await checkPdfPages(bytes) : null;
    return pages ?? { kind: checked.kind, mime: checked.mime };
  }
}
