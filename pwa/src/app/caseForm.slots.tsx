import { ConflictWarnings, useCaseConflicts, useConflictGate } from '../conflicts/ConflictWarnings.tsx';
import type { TCaseFormSlots, TPartyCheck, TTypedParties } from '../case-files/form/caseForm.slots.ts';
import { PetitionFormScreen } from '../case-files/form/PetitionFormScreen.tsx';
import { recordConflictAcks } from '../tell-client/caseNotices.actions.ts';

/**
 * The case form (/petitions/create, /petitions/edit/:id) with what other features add to it: the case files'
 * form knows none of them (docs/architecture.md, Rooms). One chunk, loaded by its routes (routes.tsx).
 */

/**
 * Issue 34's conflict check: each party on the other side of another case of the firm, as typed; before the
 * save the user acknowledges ("Save Anyway") or cancels; the admin's audit keeps what was acknowledged.
 */
function useConflictCheck(parties: TTypedParties, caseId: string | null): TPartyCheck {
  const warnings = useCaseConflicts(parties, caseId);
  const gate = useConflictGate(warnings);
  return {
    view: <ConflictWarnings warnings={warnings} />,
    confirm: gate.confirm,
    saved: async (db, id) => {
      if (warnings.length) await recordConflictAcks(db, id, warnings);
    },
    dialog: gate.dialog,
  };
}

const CASE_FORM_SLOTS: TCaseFormSlots = { usePartyCheck: useConflictCheck };

export function CaseFormScreen() {
  return <PetitionFormScreen slots={CASE_FORM_SLOTS} />;
}
