import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { TScriptFont } from './text/bidi.ts';
import { PDF_FONT_FILES } from './text/fonts.ts';

/**
 * The PDF fonts on a server or in a test, read from the font packages in node_modules (resolved from this
 * package, which depends on them) once per process. Node only: the PWA loads the same files from its
 * precache instead (pwa/src/pdf/fonts.ts).
 */
const require = createRequire(import.meta.url);
const cache = new Map<TScriptFont, Promise<Uint8Array>>();

export function nodeFontBytes(font: TScriptFont): Promise<Uint8Array> {
  let bytes = cache.get(font);
  if (!bytes) {
    bytes = readFile(require.resolve(PDF_FONT_FILES[font])).then((b) => new Uint8Array(b));
    // A failed read (a broken install) must be retried next time, not remembered.
    bytes.catch(() => cache.delete(font));
    cache.set(font, bytes);
  }
  return bytes;
}
