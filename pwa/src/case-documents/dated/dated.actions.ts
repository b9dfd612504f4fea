import { v7 } from 'uuid';
import type { TDatedModule } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { deleteLocal, putLocal } from '../../sync/actions.ts';
import type { LocalDb } from '../../sync/db.ts';
import { syncTables } from '../../sync/rebase.ts';
import { queueAttachmentsLocal, storeFilesLocal } from '../caseDocuments.actions.ts';

export type TDatedSaveOptions = {
  /** The row's field versions when the form opened (see putLocal). */
  seen?: Record<string, number>;
  /** Files chosen on the form (checked by their bytes), attached after the row's existing ones. */
  attach?: { petitionId: string; files: readonly File[]; firstOrder: number };
};

/**
 * Local writes of a dated module's rows: queued and shown at once, with no network (the server applies them
 * under the same declaration's rules when the phone is online). The form's files are kept on the device first,
 * then the row and their attachment rows are queued in one transaction (the row first, so the server has the
 * owner when it applies them); the sync engine uploads the bytes. Answers the row's id and the files' hashes.
 */
export async function saveDatedLocal(
  db: LocalDb,
  m: TDatedModule,
  id: string | null,
  values: Record<string, unknown>,
  opts: TDatedSaveOptions = {},
): Promise<{ id: string; files: string[] }> {
  const rowId = id ?? v7();
  const { attach } = opts;
  const stored = attach ? await storeFilesLocal(db, attach.files) : [];
  await db.transaction('rw', syncTables(db), async () => {
    // An edit that changed no field (only files added) writes no empty put.
    if (!id || Object.keys(values).length)
      await putLocal(db, m.entity, rowId, values, opts.seen ? { seen: opts.seen } : {});
    if (attach && stored.length)
      await queueAttachmentsLocal(
        db,
        { petitionId: attach.petitionId, ownerType: m.model, ownerId: rowId, firstOrder: attach.firstOrder },
        stored,
      );
  });
  return { id: rowId, files: stored.map((s) => s.sha256) };
}

/** Deletes a row with its attachments (one mutation; the shared relations take the files). */
export async function deleteDatedLocal(db: LocalDb, m: TDatedModule, id: string): Promise<void> {
  await deleteLocal(db, m.entity, id);
}
