import { createHash } from 'node:crypto';
import { nodeFontBytes } from '../node-fonts.ts';
import type { TLoadBytes, TPdfAttachment } from '../types.ts';

/** An in-memory file store for building PDFs in tests and the bench: files by SHA-256, fonts from node_modules. */
export function memoryHost(): {
  loadBytes: TLoadBytes;
  add: (name: string, mime: string, bytes: Uint8Array) => TPdfAttachment;
  /** An attachment row whose bytes are not stored (a file never downloaded to this device). */
  missing: (name: string, mime: string) => TPdfAttachment;
} {
  const files = new Map<string, Uint8Array>();
  return {
    loadBytes: async (asset) =>
      asset.kind === 'font' ? nodeFontBytes(asset.font) : (files.get(asset.sha256) ?? null),
    add: (name, mime, bytes) => {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      files.set(sha256, bytes);
      return { sha256, file_name: name, mime_type: mime, title: null };
    },
    missing: (name, mime) => ({
      sha256: createHash('sha256').update(name).digest('hex'),
      file_name: name,
      mime_type: mime,
      title: null,
    }),
  };
}
