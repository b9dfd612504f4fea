import { checkDocumentBytes } from '@lawfirm/shared-types/attachments/sniff.ts';

/** An image type the server accepts, judged by the file's own first bytes, never by its name or header. */
export type ImageKind = { ext: 'png' | 'jpg'; mime: 'image/png' | 'image/jpeg' };

export type TImageCheck = { ok: true; kind: ImageKind } | { ok: false; message: string | null };

const KINDS = {
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
} as const satisfies Record<string, ImageKind>;

/**
 * A PNG or JPEG by its own first bytes, within the pixel limits of every other upload: the one check of
 * shared-types attachments/sniff.ts (documents, receipts, the site logo), so a tiny file whose header claims
 * 100000×100000 is refused here too. A refusal's message says why (the limits), null when it is no image.
 */
export function checkImage(bytes: Uint8Array): TImageCheck {
  const check = checkDocumentBytes(bytes);
  if (check.kind !== 'png' && check.kind !== 'jpg') return { ok: false, message: null };
  return check.ok ? { ok: true, kind: KINDS[check.kind] } : { ok: false, message: check.message };
}

/** Content type of a stored image from its server-made name (the name was chosen from the sniffed type). */
export function imageMimeOf(fileName: string): ImageKind['mime'] | null {
  if (fileName.endsWith('.png')) return 'image/png';
  if (fileName.endsWith('.jpg') || fileName.endsWith('.jpeg')) return 'image/jpeg';
  return null;
}
