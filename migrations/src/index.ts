import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './2026_11_22_0001_foundation.ts';
import * as m0002 from './2026_11_22_0002_sync.ts';
import * as m0003 from './2026_11_22_0003_case_files.ts';
import * as m0004 from './2026_11_23_0004_repair_orphans.ts';

/** Every migration, in order. Listed explicitly so the bundle-free server needs no directory scan. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': m0001,
  '2026_11_22_0002_sync': m0002,
  '2026_11_22_0003_case_files': m0003,
  '2026_11_23_0004_repair_orphans': m0004,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error)
    throw new Error(
      `migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
}
