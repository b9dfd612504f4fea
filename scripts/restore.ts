/**
 * `npm run restore -- FILE`: brings a backup back into an empty DATA_DIR (docs/backups.md), with the
 * DATA_DIR and DATABASE_URL the server will run with.
 */
import { runRestore } from '../sync-server/src/backup/restore.ts';
import { runTool, toolConfig } from '../sync-server/src/backup/cli.ts';

await runTool('Restore refused', 'Usage: npm run restore -- FILE.zip (into an empty DATA_DIR)', (file) =>
  runRestore(toolConfig(), file),
);
