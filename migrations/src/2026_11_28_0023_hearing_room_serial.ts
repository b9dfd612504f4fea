import type { Kysely } from 'kysely';

/**
 * Where to be next (issue 34): a hearing (an order sheet) may carry its court room and its serial number in
 * that day's cause list, so Today's list groups by court and orders by serial. Both optional: nullable, and
 * no hearing had them before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_sheets').addColumn('court_room', 'text').execute();
  await db.schema.alterTable('order_sheets').addColumn('serial_no', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_sheets').dropColumn('serial_no').execute();
  await db.schema.alterTable('order_sheets').dropColumn('court_room').execute();
}
