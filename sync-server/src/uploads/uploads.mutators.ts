import type { Insertable } from 'kysely';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import type { UploadTable } from '../db/schema.ts';
import { expiredUploads } from './uploads.repository.ts';

import type { TUploadParts } from './upload-parts.ts';

export const insertUpload = async (db: Db, row: Insertable<UploadTable>): Promise<void> => {
  await db.insertInto('uploads').values(row).execute();
};

export const deleteUpload = async (db: Db, id: string): Promise<void> => {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
};

/** Forgets the unfinished uploads past their expiry, and their bytes. */
export async function cleanupExpiredUploads(db: Db, parts: TUploadParts): Promise<void> {
  for (const u of await expiredUploads(db)) {
    await parts.remove(u.id);
    await deleteUpload(db, u.id);
  }
}

/** Records that the upload grew from `from` to `to` bytes; false when another request moved it first. */
export async function advanceUpload(db: Db, id: string, from: number, to: number): Promise<boolean> {
  const moved = await db
    .updateTable('uploads')
    .set({ received: to })
    .where('id', '=', id)
    .where('received', '=', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export const completeUpload = async (db: Db, id: string): Promise<void> => {
  await db.updateTable('uploads').set({ completed_at: nowIso() }).where('id', '=', id).execute();
};
