import { v7 } from 'uuid';
import type { TDatedModule } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { deleteLocal, putLocal } from '../../sync/actions.ts';
import type { LocalDb } from '../../sync/db.ts';

/**
 * Local writes of a dated module's rows: queued and shown at once, with no network (the server applies them
 * under the same declaration's rules when the phone is online). Answers the row's id.
 */
export async function saveDatedLocal(
  db: LocalDb,
  m: TDatedModule,
  id: string | null,
  values: Record<string, unknown>,
  seen?: Record<string, number>,
): Promise<string> {
  const rowId = id ?? v7();
  await putLocal(db, m.entity, rowId, values, seen ? { seen } : {});
  return rowId;
}

/** Deletes a row with its attachments (one mutation; the shared relations take the files). */
export async function deleteDatedLocal(db: LocalDb, m: TDatedModule, id: string): Promise<void> {
  await deleteLocal(db, m.entity, id);
}
