import { v7 } from 'uuid';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import type { LocalDb, TRow } from '../sync/db.ts';
import { syncTables } from '../sync/rebase.ts';
import type { TOrderSheetRow, TPetitionRow } from './caseFiles.types.ts';
import type { TPartyChanges } from './parties.logic.ts';

/**
 * Local writes of case files: each queues its mutations and shows them at once, with no network. Writes of
 * several rows run in ONE Dexie transaction over the sync tables (putLocal's own transactions nest in it), so
 * a case is never queued without its parties, even if the tab closes half way.
 */

type TSeen = Record<string, number> | undefined;
const seenOf = (row: TRow | null | undefined): TSeen => (row?.field_versions as TSeen) ?? undefined;
const opts = (seen: TSeen) => (seen ? { seen } : {});

export type TPetitionSave = {
  /** null creates a new case file. */
  id: string | null;
  /** The petition's fields to write (on an edit, only those the user changed). */
  values: Record<string, unknown>;
  /** The row's field versions when the form opened (see putLocal). */
  seen?: TSeen;
  parties: TPartyChanges;
};

/** Saves a case file with its petitioners and opponents; answers its id. */
export async function savePetitionLocal(db: LocalDb, save: TPetitionSave): Promise<string> {
  const id = save.id ?? v7();
  await db.transaction('rw', syncTables(db), async () => {
    if (!save.id || Object.keys(save.values).length)
      await putLocal(db, 'petitions', id, save.values, opts(save.seen));
    for (const partyId of save.parties.deletes) await deleteLocal(db, 'petition_parties', partyId);
    for (const p of save.parties.puts)
      await putLocal(
        db,
        'petition_parties',
        p.id ?? v7(),
        p.id ? p.values : { ...p.values, petition_id: id },
      );
  });
  return id;
}

/** Inserts, changes or (with null) removes the pending tag. */
export async function setPendingTagLocal(db: LocalDb, petition: TPetitionRow, tag: string | null) {
  await putLocal(db, 'petitions', petition.id, { pending_tag: tag }, opts(seenOf(petition)));
}

export async function setArchivedLocal(db: LocalDb, petition: TPetitionRow, archived: boolean) {
  await putLocal(db, 'petitions', petition.id, { archived }, opts(seenOf(petition)));
}

/**
 * Deletes the case file and, through the shared relations, everything in it: one mutation; the device hides
 * its documents at once and the server tombstones them in the same transaction as the case file.
 */
export async function deletePetitionLocal(db: LocalDb, id: string) {
  await deleteLocal(db, 'petitions', id);
}

/** Adds a hearing date (a new order sheet) or moves the next hearing's order sheet to another day. */
export async function saveHearingDateLocal(
  db: LocalDb,
  petitionId: string,
  current: TOrderSheetRow | null,
  date: string,
): Promise<string> {
  if (current) {
    if (current.order_sheet_date !== date)
      await putLocal(db, 'order_sheets', current.id, { order_sheet_date: date }, opts(seenOf(current)));
    return current.id;
  }
  const id = v7();
  await putLocal(db, 'order_sheets', id, { petition_id: petitionId, order_sheet_date: date });
  return id;
}

/** Removing a hearing date removes the order sheet that holds it. */
export async function removeHearingDateLocal(db: LocalDb, current: TOrderSheetRow) {
  await deleteLocal(db, 'order_sheets', current.id);
}
