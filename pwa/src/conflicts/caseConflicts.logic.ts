// The case form's conflict warnings (issue 34): each party typed on one side is looked up in the firm's
// cases; a match on the other side of another case is a warning. A party linked to a person of the firm is
// looked up by that person's CNIC and phone too, so an Urdu name finds the case holding the English one.
import {
  checkConflicts,
  conflictWarning,
  type TConflictIndex,
  type TPartySide,
} from '@lawfirm/shared-types/court-day/conflict-check.ts';

type TTypedParty = { name: string; user_id?: string | null };
type TPerson = { id: string; cnic?: string | null; phone?: string | null };

/** One warning per party with a conflict, in the form's order; the case being edited is not its own conflict. */
export function caseConflictWarnings(
  index: TConflictIndex,
  sides: Record<TPartySide, readonly TTypedParty[]>,
  people: readonly TPerson[],
  exceptCaseId: string | null,
  /** On a device without CNICs: for a linked person, the people the server says share their CNIC. */
  sameCnic?: ReadonlyMap<string, readonly string[]>,
): string[] {
  const byId = new Map(people.map((p) => [p.id, p]));
  const out: string[] = [];
  for (const side of ['petitioner', 'opponent'] as const)
    for (const party of sides[side]) {
      const person = party.user_id ? byId.get(party.user_id) : undefined;
      if (!party.name.trim() && !person) continue;
      const matches = checkConflicts(index, {
        name: party.name,
        cnic: person?.cnic,
        phone: person?.phone,
        people: party.user_id ? sameCnic?.get(party.user_id) : null,
      }).filter((m) => m.caseId !== exceptCaseId);
      const warning = conflictWarning(matches, side, party.name);
      if (warning && !out.includes(warning)) out.push(warning);
    }
  return out;
}
