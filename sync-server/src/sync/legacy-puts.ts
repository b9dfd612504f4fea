import { createHash } from 'node:crypto';
import { MSG, MSG_PAYMENT_MISSING, RECEIPT_OWNER, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import type { SyncRegistry } from './entities.ts';
import { deleteRow, loadRow, MutationRejected, putRow, type PutOptions, type WriteResult } from './store.ts';

/**
 * Puts in the shape an entity had before a migration changed it, as an older build of the app queued them, made
 * into the writes that mean the same today. A phone that was offline across a server upgrade still has those in
 * its outbox: they are applied, not refused (DESIGN §5: nothing a user saved is lost). Each runs inside the
 * mutation's own transaction, so it is all applied or all refused, like any mutation.
 */
type TLegacyPut = {
  /** Whether the values are in the old shape. */
  matches: (values: Record<string, unknown>) => boolean;
  apply: (
    trx: Db,
    actor: TActor,
    registry: SyncRegistry,
    id: string,
    values: Record<string, unknown>,
    opts: PutOptions,
  ) => Promise<Pick<WriteResult, 'status' | 'conflicts'>>;
};

const RECEIPT_FIELDS = ['receipt_sha256', 'receipt_file_name', 'receipt_mime_type'] as const;
const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** One receipt id per payment and file, whichever old mutation names it: a repeat adds no second row. */
function receiptIdFor(paymentId: string, sha256: string): string {
  const h = createHash('sha256').update(`payment-receipt\n${paymentId}\n${sha256}`).digest('hex');
  // UUID layout, version 8 (application-defined), RFC 9562 variant.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const defOf = (registry: SyncRegistry, name: string) => {
  const def = registry.byName.get(name);
  if (!def) throw new Error(`entity ${name} is not registered`);
  return def;
};

/**
 * Migration 0017: a payment held one receipt in receipt_sha256, receipt_file_name and receipt_mime_type; now
 * its receipts are its files in the one attachment model (migration 0022; they were rows of payment_receipts). The payment's other fields are put as sent; a file named becomes
 * the payment's receipt (its size read from the stored file, 0 until the file arrives); null removes the
 * payment's receipts, as clearing the old field did.
 */
const paymentWithReceipt: TLegacyPut = {
  matches: (values) => RECEIPT_FIELDS.some((f) => f in values),
  apply: async (trx, actor, registry, id, values, opts) => {
    const { receipt_sha256: sha, receipt_file_name: name, receipt_mime_type: mime, ...rest } = values;
    let result: Pick<WriteResult, 'status' | 'conflicts'> = { status: 'applied', conflicts: [] };
    if (Object.keys(rest).length)
      result = await putRow(trx, actor, defOf(registry, 'invoice_payments'), id, rest, opts);
    const receipts = defOf(registry, 'attachments');
    if (typeof sha === 'string') {
      const payment = await loadRow(trx, defOf(registry, 'invoice_payments'), id);
      if (!payment || payment.company_id !== actor.company_id || payment.deleted_at)
        throw new MutationRejected(MSG_PAYMENT_MISSING, 422);
      const values = { invoice_id: payment.invoice_id, owner_type: RECEIPT_OWNER, owner_id: id };
      // A receipt already there is not written again, but only a role that may add receipts hears 'applied'.
      if (!receipts.canCreate(actor, values)) throw new MutationRejected(MSG.forbidden, 403);
      const receiptId = receiptIdFor(id, sha);
      if (await loadRow(trx, receipts, receiptId)) return result;
      const fileName = typeof name === 'string' && name.trim() ? name.trim().slice(-255) : 'receipt';
      const extension = fileName.toLowerCase().split('.').pop() ?? '';
      const blob = await trx
        .selectFrom('blobs')
        .select('size')
        .where('company_id', '=', actor.company_id)
        .where('sha256', '=', sha)
        .executeTakeFirst();
      await putRow(
        trx,
        actor,
        receipts,
        receiptId,
        {
          ...values,
          sha256: sha,
          file_name: fileName,
          mime_type: typeof mime === 'string' && mime ? mime : (MIME_BY_EXTENSION[extension] ?? ''),
          size: Number(blob?.size ?? 0),
        },
        { ...opts, base: undefined },
      );
    } else if (sha === null) {
      const kept = await trx
        .selectFrom('attachments')
        .select('id')
        .where('company_id', '=', actor.company_id)
        .where('owner_type', '=', RECEIPT_OWNER)
        .where('owner_id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
      for (const r of kept) await deleteRow(trx, actor, receipts, r.id);
    }
    return result;
  },
};

/**
 * Migration 0022: the files of library pages (`library_files`) and the receipts of payments (`payment_receipts`)
 * are rows of the one `attachments` entity, with the same ids. A put or delete an older build queued against
 * the old entity is made against the one model: a receipt's `payment_id` is its owner, every other column is
 * the same (and so are the field versions it was made against).
 */
const RENAMED_FILE_ENTITIES: Record<string, Record<string, string>> = {
  library_files: {},
  payment_receipts: { payment_id: 'owner_id' },
};

const renamed = (values: Record<string, unknown>, columns: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [columns[k] ?? k, v]));

function fileEntityPut(columns: Record<string, string>): TLegacyPut {
  return {
    matches: () => true,
    apply: async (trx, actor, registry, id, values, opts) =>
      putRow(trx, actor, defOf(registry, 'attachments'), id, renamed(values, columns), {
        ...opts,
        base: opts.base && (renamed(opts.base, columns) as Record<string, number>),
      }),
  };
}

const LEGACY_PUTS = new Map<string, TLegacyPut>([
  ['invoice_payments', paymentWithReceipt],
  ...Object.entries(RENAMED_FILE_ENTITIES).map(([name, columns]) => [name, fileEntityPut(columns)] as const),
]);

/**
 * The legacy conversion of a put to `entity` with these values, if they are in an entity's old shape (or the
 * entity is one a migration folded into another).
 */
export function legacyPutFor(entity: string, values: Record<string, unknown>): TLegacyPut | undefined {
  const legacy = LEGACY_PUTS.get(entity);
  return legacy?.matches(values) ? legacy : undefined;
}

/** The entity a delete an older build queued against `entity` now deletes from (the same row id). */
export const legacyDeleteEntity = (entity: string): string =>
  entity in RENAMED_FILE_ENTITIES ? 'attachments' : entity;
