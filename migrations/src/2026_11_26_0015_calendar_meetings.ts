import type { Kysely } from 'kysely';
import { syncedTable } from './lib/synced.ts';

/**
 * Calendar events that are meetings rather than a case's hearing (issue 13 item 2; shared-types
 * calendar/meetings.entity.ts): a day, a title, a summary and who added it. Hearings stay order sheets.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await syncedTable(db, 'calendar_meetings')
    .addColumn('meeting_date', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .execute();
  await db.schema
    .createIndex('calendar_meetings_company_date_idx')
    .on('calendar_meetings')
    .columns(['company_id', 'meeting_date'])
    .execute();
}
