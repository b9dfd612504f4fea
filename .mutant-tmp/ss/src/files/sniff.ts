/** An image type the server accepts, judged by the file's own first bytes, never by its name or header. */
export type ImageKind = { ext: 'png' | 'jpg'; mime: 'image/png' | 'image/jpeg' };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG)) return { ext: 'png', mime: 'image/png' };
  if (startsWith(bytes, JPEG)) return { ext: 'jpg', mime: 'image/jpeg' };
  return null;
}

/** Content type of a stored image from its server-made name (the name was chosen from the sniffed type). */
export function imageMimeOf(fileName: string): ImageKind['mime'] | null {
  if (fileName.endsWith('.png')) return 'image/png';
  if (fileName.endsWith('.jpg') || fileName.endsWith('.jpeg')) return 'image/jpeg';
  return null;
}
