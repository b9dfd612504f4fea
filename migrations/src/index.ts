import { readdirSync } from 'node:fs';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** A migration file: `YYYY_MM_DD_NNNN_what.ts`, run in name order. */
export const MIGRATION_FILE = /^\d{4}_\d{2}_\d{2}_\d{4}_[a-z0-9_]+\.ts$/;

/** The migration files of this folder, in the order they run (a new migration is only its own file). */
export function migrationFiles(): string[] {
  const files = readdirSync(new URL('.', import.meta.url)).filter(
    (f) => f.endsWith('.ts') && f !== 'index.ts',
  );
  // A misnamed file would be skipped without a word, and its tables missing on every new install.
  const misnamed = files.filter((f) => !MIGRATION_FILE.test(f));
  if (misnamed.length)
    throw new Error(`migration files must be named YYYY_MM_DD_NNNN_what.ts: ${misnamed.join(', ')}`);
  return files.sort();
}

class FolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const file of migrationFiles())
      out[file.replace(/\.ts$/, '')] = (await import(new URL(file, import.meta.url).href)) as Migration;
    return out;
  }
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error)
    throw new Error(
      `migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
}
