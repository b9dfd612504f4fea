import type { Kysely } from 'kysely';
import { syncedTable } from './lib/synced.ts';

/**
 * The court day's history of a case (issue 34): that the client was told and by which channel
 * (case_notices), and the possible conflicts acknowledged when a case was saved (conflict_acks, the admin's
 * audit). Who and when are the rows' updated_by and created_at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await syncedTable(db, 'case_notices')
    .addColumn('petition_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'text')
    .execute();
  await db.schema
    .createIndex('case_notices_petition_idx')
    .on('case_notices')
    .columns(['company_id', 'petition_id'])
    .execute();
  await syncedTable(db, 'conflict_acks')
    .addColumn('petition_id', 'text', (c) => c.notNull())
    .addColumn('warning', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conflict_acks_company_idx')
    .on('conflict_acks')
    .columns(['company_id', 'deleted_at'])
    .execute();
}
