import { join } from 'node:path';
import type { TFileStore } from './file-store.ts';
import { folderStore } from './folder-store.ts';
import type { TS3Settings } from './s3-store.ts';

/** Where stored files live (config.ts): the data folder by default, an S3-compatible store with S3_BUCKET. */
export type TFileStoreSettings = { kind: 'folder' } | ({ kind: 's3' } & TS3Settings);

/** The S3 settings from S3_* variables, or the folder when S3_BUCKET is unset. */
export function fileStoreSettings(env: NodeJS.ProcessEnv): TFileStoreSettings {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return { kind: 'folder' };
  return {
    kind: 's3',
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || null,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  };
}

/**
 * The file store the settings name. The S3 SDK is loaded only when a store is configured, so a server on its
 * data folder never pays for it. Settings are plain data, so a PDF worker thread opens the same store.
 */
export async function openFileStore(settings: TFileStoreSettings, dataDir: string): Promise<TFileStore> {
  if (settings.kind === 'folder') return folderStore(join(dataDir, 'files'));
  const { s3Store } = await import('./s3-store.ts');
  return s3Store(settings);
}

/**
 * Fails the start, with what to check, when the configured store cannot be listed (no such bucket, wrong keys,
 * an endpoint that does not answer): better than a server that starts and then fails every upload.
 */
export async function checkFileStore(store: TFileStore): Promise<void> {
  if (store.kind === 'folder') return;
  try {
    for await (const file of store.list(['server-check'])) if (file) break;
  } catch (e) {
    throw new Error(
      `The file store ${store.where} cannot be read (${e instanceof Error ? e.message || e.name : String(e)}). ` +
        'Check S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE.',
    );
  }
}
