import { roleFlags, roleNameById } from '@lawfirm/shared-types';
import type { TPartyRow, TPetitionRow, TUserRow } from './caseFiles.types.ts';
import { compareCodes, compareNatural } from '@lawfirm/shared-types/common/natural-order.ts';
import { caseNameOf, caseNumber } from '@lawfirm/shared-types/case-files/case-title.ts';
import { cutText } from '@lawfirm/shared-types/common/text-cut.ts';

/**
 * Part 1 §9: petitioner names longer than 20 characters show their first 19 and an ellipsis, counted in
 * letters as a reader sees them and cut between words (an Urdu name is never split: cutText).
 */
export const NAMES_MAX = 20;

export const truncateNames = (names: string, max = NAMES_MAX): string => cutText(names, max);

export type TCaseParties = { petitioners: TPartyRow[]; opponents: TPartyRow[] };

const byOrder = (a: TPartyRow, b: TPartyRow) =>
  (a.display_order ?? 0) - (b.display_order ?? 0) || compareCodes(a.id, b.id);

/** Each case's petitioners and opponents in their display order, grouped in one pass over the parties. */
export function groupParties(parties: readonly TPartyRow[]): Map<string, TCaseParties> {
  const map = new Map<string, TCaseParties>();
  for (const p of parties) {
    let g = map.get(p.petition_id);
    if (!g) map.set(p.petition_id, (g = { petitioners: [], opponents: [] }));
    (p.side === 'opponent' ? g.opponents : g.petitioners).push(p);
  }
  for (const g of map.values()) {
    g.petitioners.sort(byOrder);
    g.opponents.sort(byOrder);
  }
  return map;
}

export const NO_PARTIES: TCaseParties = { petitioners: [], opponents: [] };

export const namesOf = (parties: readonly TPartyRow[]): string =>
  parties
    .map((p) => p.name.trim())
    .filter(Boolean)
    .join(', ');

export type TPendingCase = {
  id: string;
  libraryNo: string;
  title: string;
  caseNo: string;
  court: string;
};

/**
 * The Pending Cases list: active cases with a pending tag, by tag in natural order so 'L-2' comes before
 * 'L-10' as on a library shelf.
 */
export function pendingCaseRows(
  cases: readonly TPetitionRow[],
  abbrOf: (categoryId: string | null) => string | null,
  courtOf: (courtId: string | null) => string,
): TPendingCase[] {
  return cases
    .filter((c) => !c.archived && (c.pending_tag ?? '').trim())
    .map((c) => ({
      id: c.id,
      libraryNo: (c.pending_tag ?? '').trim(),
      title: c.title,
      caseNo: caseNumber(caseNameOf(c, abbrOf(c.petition_type_id))),
      court: courtOf(c.court_id),
    }))
    .sort((a, b) => compareNatural(a.libraryNo, b.libraryNo) || compareNatural(a.caseNo, b.caseNo));
}

/** 'Total Petitions' of a lawyer's profile: the cases on this device that list the lawyer. */
export function lawyerCaseCount(cases: readonly TPetitionRow[], lawyerId: string): number {
  let n = 0;
  for (const c of cases) if (c.lawyer_ids?.includes(lawyerId)) n++;
  return n;
}

/** Admins and the roles that practise law (partners and associates act as lawyers; moot students do not). */
export function isFirmLawyer(u: Pick<TUserRow, 'role_id' | 'is_moot_student'>): boolean {
  const role = roleNameById(u.role_id);
  return role === 'ADMIN' || roleFlags(role, !!u.is_moot_student).is_lawyer;
}

export type TLawyerOption = { value: string; label: string };

/**
 * The lawyers a case may be assigned to. An admin's device holds the whole firm's users; anyone else's holds
 * only their own row, so there the choice is the lawyers already on the case and the user themself (a name
 * this device does not know shows as 'Lawyer (not on this device)' rather than disappearing on save).
 */
export function lawyerOptions(
  users: readonly TUserRow[],
  assigned: readonly string[],
  me: { id: string; name: string } | null,
): TLawyerOption[] {
  const byId = new Map(users.map((u) => [u.id, u]));
  const out = new Map<string, TLawyerOption>();
  for (const u of users) if (isFirmLawyer(u) && !u.blocked_at) out.set(u.id, { value: u.id, label: u.name });
  if (me && !out.has(me.id)) out.set(me.id, { value: me.id, label: byId.get(me.id)?.name ?? me.name });
  for (const id of assigned)
    if (!out.has(id)) out.set(id, { value: id, label: byId.get(id)?.name ?? UNKNOWN_LAWYER });
  return [...out.values()].sort((a, b) => compareNatural(a.label, b.label));
}

export const UNKNOWN_LAWYER = 'Lawyer (not on this device)';
