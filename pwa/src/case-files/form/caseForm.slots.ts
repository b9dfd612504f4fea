import type { ReactNode } from 'react';
import type { LocalDb } from '../../sync/db.ts';
import type { TPartyDraft } from '../parties.logic.ts';

/** The parties as typed on the case form, by side. */
export type TTypedParties = { petitioner: readonly TPartyDraft[]; opponent: readonly TPartyDraft[] };

/**
 * A check of the parties as they are typed (the conflict check of issue 34), from another feature: what it
 * shows under the parties, a question before the save, and what it records once the case is saved.
 */
export type TPartyCheck = {
  /** Shown under the parties. */
  view: ReactNode;
  /** Asked before the case is saved: false keeps the form unsaved (and asking). */
  confirm: () => Promise<boolean>;
  /** After the case is saved on the device, with its id. */
  saved: (db: LocalDb, caseId: string) => Promise<void>;
  /** Its question, rendered once. */
  dialog: ReactNode;
};

/**
 * What other features add to the case form, handed in by the app (app/caseForm.slots.tsx) so the case files
 * know none of them. `usePartyCheck` is a hook: the same one on every render.
 */
export type TCaseFormSlots = {
  usePartyCheck: (parties: TTypedParties, caseId: string | null) => TPartyCheck;
};
