/**
 * `npm run files:move -- --to s3|folder [--remove-source]`: moves an install's stored files from its data
 * folder into the S3-compatible store (S3_BUCKET and the other S3_* settings) or back, resumable and verified
 * by SHA-256 (sync-server/src/files/move-files.ts). docs/deploy.md says when to run it.
 */
import { toolConfig } from '../sync-server/src/backup/cli.ts';
import { moveFiles } from '../sync-server/src/files/move-files.ts';
import { fileStoreSettings, openFileStore } from '../sync-server/src/files/open-store.ts';

const USAGE = 'Usage: npm run files:move -- --to s3|folder [--remove-source]   (with S3_BUCKET and S3_* set)';

async function main(argv: string[]): Promise<number> {
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const to = args[args.indexOf('--to') + 1];
  const removeSource = args.includes('--remove-source');
  if (!args.includes('--to') || (to !== 's3' && to !== 'folder') || args.length !== (removeSource ? 3 : 2)) {
    console.error(USAGE);
    return 64;
  }
  const config = toolConfig();
  const s3 = fileStoreSettings(process.env);
  if (s3.kind !== 's3') {
    console.error(
      `files:move: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID…) first.\n${USAGE}`,
    );
    return 1;
  }
  const folder = await openFileStore({ kind: 'folder' }, config.dataDir);
  const store = await openFileStore(s3, config.dataDir);
  const [from, into] = to === 's3' ? [folder, store] : [store, folder];
  console.log(
    `Moving stored files from ${from.where} to ${into.where}${removeSource ? ' (removing each source file once verified)' : ''}`,
  );
  const started = Date.now();
  const s = await moveFiles(from, into, { removeSource, log: console.log });
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${s.copied} copied and verified ` +
      `(${(s.bytes / 1024 / 1024).toFixed(1)} MB), ${s.skipped} already there with the same SHA-256` +
      (removeSource ? `, ${s.removed} removed from the source` : '') +
      '.',
  );
  console.log(
    to === 's3'
      ? 'Now start every server with the same S3_* settings; the data folder copies can go once they serve from the store.'
      : 'Now start the server without S3_BUCKET: it serves from the data folder again.',
  );
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  console.error('files:move failed:', e instanceof Error ? e.message : e);
  process.exitCode = 2;
}
