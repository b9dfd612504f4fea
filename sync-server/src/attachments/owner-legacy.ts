import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerFilePath, type TActor, type TFileOwner } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { sendStoredFile } from '../files/send-file.ts';
import { forbidden, notFound, validationError } from '../http/errors.ts';
import { canReadRow, type Access } from '../sync/entities.ts';
import { toWire } from '../sync/codec.ts';
import { forActor, forFirm, type LiveTable } from '../sync/firm.ts';
import { blobKey } from '../uploads/blob-store.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import { checkAndStoreFiles, putOwnerFiles } from './owner-files.ts';

/**
 * The original client's calls for the files of an owner that declares `storagePath` (a payment's receipts, a
 * library page's files):
 * POST /api/attachments with `attachmentable_type` {type} adds files to the row `attachmentable_id`, and
 * GET /storage/attachments/{storagePath}/{owner id}/{file name} reads one. Both from the declaration: the
 * owner's policy decides who adds, its read scope who reads (a client their own invoice's receipts), its
 * `within` column is copied from the owner row. The next owner with legacy URLs declares them and is served.
 */

const MODEL_PREFIX = 'App\\Models\\';

/** The owner row of `ownerId` the actor may read, or undefined (another firm's, or outside their read scope). */
async function readableOwner(
  app: FastifyInstance,
  db: Db,
  actor: TActor,
  owner: TFileOwner,
  ownerId: string,
): Promise<Record<string, unknown> | undefined> {
  const def = app.registry.byName.get(owner.entity);
  if (!def || !ownerId) return undefined;
  const scope = def.readScope(actor);
  if (scope === 'none') return undefined;
  const row = await forFirm(db, actor.company_id).find(owner.entity as LiveTable, ownerId);
  if (!row) return undefined;
  const access = new Map<string, Access>();
  if (typeof scope === 'object' && 'set' in scope) {
    const resolve = app.registry.access[scope.set];
    if (!resolve) throw new Error(`unknown access set ${scope.set}`);
    access.set(scope.set, await resolve(db, actor));
  }
  const wire = toWire(def, row);
  return canReadRow(scope, wire, access) ? wire : undefined;
}

/** An uploaded file as the original client reads it back (rest-contract 33). */
export type TLegacyOwnerFile = {
  id: string;
  petition_id: null;
  attachmentable_id: string;
  attachmentable_type: string;
  file_name: string;
  mime_type: string;
  size: number;
  sha256: string;
  title: null;
  display_order: number;
  url: string;
};

/**
 * Adds the uploaded files to the owner row `attachmentable_id` (the rows a device's files make, so every
 * device pulls them), after its last. Only those the owner's policy lets add files, then no file at all is
 * refused with `noFileMessage`; an owner the caller cannot read is not found.
 */
export async function uploadOwnerFiles(
  app: FastifyInstance,
  actor: TActor,
  owner: TFileOwner,
  fields: Record<string, string>,
  files: ReceivedFile[],
  noFileMessage: string,
): Promise<TLegacyOwnerFile[]> {
  if (!owner.policy.canCreate(actor)) throw forbidden();
  // Others' empty uploads were refused before the policy was asked (file-owners.ts: needsFile).
  if (!files.length) throw validationError({ files: [noFileMessage] });
  const ownerId = (fields.attachmentable_id ?? '').trim();
  const find = async (db: Db) => {
    const row = await readableOwner(app, db, actor, owner, ownerId);
    if (!row || (owner.within && !row[owner.within])) throw notFound();
    return row;
  };
  await find(app.db);
  await checkAndStoreFiles(app, actor, owner, files, owner.legacyUploader ? 'kinds' : undefined);
  const made = await inTransaction(app.db, async (trx) => {
    // Checked again: the owner may have been deleted while the bytes were stored.
    const row = await find(trx);
    return putOwnerFiles(forActor(trx, actor), owner, ownerId, files, {
      within: owner.within ? { [owner.within]: String(row[owner.within]) } : undefined,
    });
  });
  return made.map((r) => ({
    id: String(r.id),
    petition_id: null,
    attachmentable_id: ownerId,
    attachmentable_type: `${MODEL_PREFIX}${owner.type}`,
    file_name: String(r.file_name),
    mime_type: String(r.mime_type),
    size: Number(r.size),
    sha256: String(r.sha256),
    title: null,
    display_order: Number(r.display_order),
    url: ownerFilePath(owner, ownerId, String(r.file_name)),
  }));
}

const ZFileParams = z.object({ id: z.string().max(200), file: z.string().max(300) });

/**
 * The owner's files at their storage URL, by the owner and the file's name (unique within the owner when the
 * owner declares `uniqueNames`): confidential, so only to a signed-in reader of the owner row, unless the firm
 * turned on legacy public storage for the original client (README: what that costs).
 */
export const ownerFileRoutes =
  (owner: TFileOwner, onRequest: onRequestHookHandler) =>
  async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      `/storage/attachments/${owner.storagePath}/:id/:file`,
      { onRequest, schema: { params: ZFileParams } },
      async (req, reply) => {
        const ctx = app.config.legacyPublicStorage ? null : await req.auth();
        // The owner row must be live too, also for legacy public storage (which serves any firm's file by its
        // URL, so only a signed-in caller's query is scoped to a firm).
        let q = app.db
          .selectFrom('attachments as f')
          .innerJoin(`${owner.entity as 'invoice_payments'} as o`, (j) =>
            j.onRef('o.id', '=', 'f.owner_id').onRef('o.company_id', '=', 'f.company_id'),
          )
          .selectAll('f')
          .where('f.owner_type', '=', owner.type)
          .where('f.owner_id', '=', req.params.id)
          .where('f.file_name', '=', req.params.file)
          .where('f.deleted_at', 'is', null)
          .where('o.deleted_at', 'is', null);
        if (ctx) q = q.where('f.company_id', '=', ctx.actor.company_id);
        // An owner whose names may repeat (a device's files) serves its first file of the name.
        const r = await q.orderBy('f.display_order').orderBy('f.created_at').executeTakeFirst();
        if (!r?.sha256 || (owner.within && !r[owner.within])) throw notFound('File not found.');
        if (ctx && !(await readableOwner(app, app.db, ctx.actor, owner, req.params.id)))
          throw notFound('File not found.');
        return sendStoredFile(
          reply,
          { store: app.files, key: blobKey(r.company_id, r.sha256) },
          { name: req.params.file, mime: r.mime_type || 'application/octet-stream' },
        );
      },
    );
  };
