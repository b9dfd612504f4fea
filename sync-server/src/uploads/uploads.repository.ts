import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { nowIso } from '../db/ids.ts';

/** The firm's stored file of this SHA-256, or undefined. */
export const findBlob = (db: Db, companyId: string, sha256: string) =>
  forFirm(db, companyId).selectFrom('blobs').selectAll().where('sha256', '=', sha256).executeTakeFirst();

/** The firm's unfinished upload of this file (hash and size), to resume, or undefined. */
export const findOpenUpload = (db: Db, companyId: string, sha256: string, size: number) =>
  forFirm(db, companyId)
    .selectFrom('uploads')
    .selectAll()
    .where('sha256', '=', sha256)
    .where('size', '=', size)
    .where('completed_at', 'is', null)
    .executeTakeFirst();

/** An upload of the firm, or undefined. */
export const findUpload = (db: Db, companyId: string, id: string) =>
  forFirm(db, companyId).selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();

/** The unfinished uploads (of every firm) past their expiry. */
export const expiredUploads = (db: Db) =>
  db
    .selectFrom('uploads')
    .select('id')
    .where('completed_at', 'is', null)
    .where('expires_at', '<', nowIso())
    .execute();
