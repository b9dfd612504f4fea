import type { Kysely } from 'kysely';

/**
 * Admins merge near-duplicate courts (issue 30): the merged court is deleted, and remembers the court it went
 * into, so a case file a device created offline in it before the merge reached that device is filed in the
 * kept court when it syncs, not refused. Nullable: no court was merged before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('courts').addColumn('merged_into', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('courts').dropColumn('merged_into').execute();
}
