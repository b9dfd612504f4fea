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

/**
 * A case document's files (index items, replies, dated modules): any document kind the server keeps, each
 * refusal with its own message (a PDF's pages counted as the server counts them) and the files it names. A
 * photo from the camera has no name: it is named by its kind.
 */
export const DOCUMENT_RULES: TPickRules = {
  accept: ACCEPT_ATTRIBUTE,
  check: async (list) => {
    const files: File[] = [];
    const refused = new Map<string, string[]>();
    for (const f of list) {
      const bytes = new Uint8Array(await f.arrayBuffer());
      const checked = checkFile(f.name, bytes);
      const pages = checked.ok && checked.kind === 'pdf' ? await checkPdfPages(bytes) : null;
      const check = pages ? { ok: false as const, message: pages } : checked;
      if (check.ok) files.push(new File([bytes], f.name || `photo.${check.kind}`, { type: check.mime }));
      else refused.set(check.message, [...(refused.get(check.message) ?? []), f.name || 'file']);
    }
    return { files, refused: [...refused].map(([message, names]) => ({ message, names })) };
  },
};
