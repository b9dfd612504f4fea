import { readFile } from 'node:fs/promises';
import type { TLoadBytes } from '@lawfirm/shared-types/pdf/index.ts';
import { nodeFontBytes } from '@lawfirm/shared-types/pdf/node-fonts.ts';
import { blobPath } from '../uploads/blob-store.ts';

/**
 * Bytes for the shared PDF builders on the server: the fonts from node_modules, and a firm's stored files
 * from its blob folder. A file that is not there answers null (the PDF names it as not included).
 */
export function serverLoadBytes(dataDir: string, companyId: string): TLoadBytes {
  return async (asset) => {
    if (asset.kind === 'font') return nodeFontBytes(asset.font);
    if (!/^[0-9a-f]{64}$/.test(asset.sha256)) return null;
    try {
      return new Uint8Array(await readFile(blobPath(dataDir, companyId, asset.sha256)));
    } catch {
      return null;
    }
  };
}
