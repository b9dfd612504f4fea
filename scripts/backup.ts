/**
 * `npm run backup -- FILE`: one archive of a running server's data (docs/backups.md), with the server's
 * DATA_DIR and DATABASE_URL.
 */
import { runBackup } from '../sync-server/src/backup/backup.ts';
import { runTool, toolConfig } from '../sync-server/src/backup/cli.ts';

await runTool('Backup failed', 'Usage: npm run backup -- FILE.zip', (file) => runBackup(toolConfig(), file));
