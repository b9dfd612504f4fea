import { z } from 'zod';

/**
 * What a backup archive holds, written as its last entry (`backup.json`): every other entry is named here with
 * its size and SHA-256, so a restore checks each byte before anything reaches the data folder, and refuses an
 * archive that is not one of ours, is cut short, or was changed.
 */
export const MANIFEST_ENTRY = 'backup.json';
export const DATABASE_ENTRY = 'database.sqlite';
export const SECRET_ENTRY = 'jwt-secret';
/** Stored files keep their path under the data folder (files/<firm>/blobs/<sha256>, …). */
export const FILES_PREFIX = 'files/';
export const BACKUP_FORMAT = 'lawfirm-backup';
export const BACKUP_VERSION = 1;

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/);
const ZEntry = z.object({ size: z.number().int().nonnegative(), sha256: ZSha256 });

/** The parts of the manifest every version keeps, read first to tell "not a backup" from "a newer one". */
export const ZBackupHeader = z.object({ format: z.literal(BACKUP_FORMAT), version: z.number().int() });

export const ZBackupManifest = ZBackupHeader.extend({
  created_at: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** The SQLite snapshot; null on PostgreSQL, whose database is backed up with pg_dump. */
  database: ZEntry.extend({
    /** Rows per table in the snapshot, as a restore must find them. */
    tables: z.record(z.string(), z.number().int().nonnegative()),
    /** Migrations applied to the snapshot, so an older app refuses a backup from a newer one. */
    migrations: z.array(z.string()),
  }).nullable(),
  /** The token-signing secret the server generated in the data folder; null when JWT_SECRET is configured. */
  secret: ZEntry.nullable(),
  files: z.array(ZEntry.extend({ path: z.string() })),
});
export type TBackupManifest = z.infer<typeof ZBackupManifest>;

/**
 * Whether an archive path may be written under the data folder: `files/` then plain names (no `.`, `..`,
 * empty or absolute parts, no backslashes), so a crafted archive cannot write outside the folder.
 */
export function isFilesPath(path: string): boolean {
  if (!path.startsWith(FILES_PREFIX)) return false;
  const parts = path.slice(FILES_PREFIX.length).split('/');
  return parts.every((p) => p !== '' && p !== '.' && p !== '..' && !/[\\\0]/.test(p));
}
