import type { TPartyRow, TPartySide } from './caseFiles.types.ts';
import { compareNatural } from '@lawfirm/shared-types/common/natural-order.ts';

/** Part 1 §5 and §9: the party-name autocomplete starts at 3 characters. */
export const SUGGEST_MIN = 3;
export const SUGGEST_LIMIT = 10;
export const PARTY_NAME_MAX = 191;

export type TPartySuggestion = { name: string; user_id: string | null };

/** A name known on this device: a party of some case, or a client of the firm (an admin's device). */
export type TKnownName = { name: string; user_id: string | null };

/**
 * Suggestions for a typed party name: names containing the text, ignoring case, those starting with it
 * first, each name (and linked person) once. Client users come first among equals: picking one links the
 * party to the person, which is what the View link follows.
 */
export function partySuggestions(
  query: string,
  known: readonly TKnownName[],
  limit = SUGGEST_LIMIT,
): TPartySuggestion[] {
  const q = query.trim().toLowerCase();
  if (q.length < SUGGEST_MIN) return [];
  const seen = new Set<string>();
  const hits: { s: TPartySuggestion; prefix: boolean; key: string }[] = [];
  for (const k of known) {
    const name = k.name.trim();
    const lower = name.toLowerCase();
    const at = lower.indexOf(q);
    if (at < 0) continue;
    const key = `${lower}\u0000${k.user_id ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    hits.push({ s: { name, user_id: k.user_id ?? null }, prefix: at === 0, key });
  }
  hits.sort(
    (a, b) =>
      Number(b.prefix) - Number(a.prefix) ||
      Number(!!b.s.user_id) - Number(!!a.s.user_id) ||
      compareNatural(a.key, b.key),
  );
  return hits.slice(0, limit).map((h) => h.s);
}

/** One row of the Petitioner or Opponent list on the form. */
export type TPartyDraft = {
  /** Stable React key (the row id when it exists). */
  key: string;
  /** The saved row, or null for a row added on the form. */
  id: string | null;
  name: string;
  user_id: string | null;
};

export const draftsOf = (rows: readonly TPartyRow[]): TPartyDraft[] =>
  rows.map((r) => ({ key: r.id, id: r.id, name: r.name, user_id: r.user_id ?? null }));

export type TPartyPut = { id: string | null; values: Record<string, unknown> };
export type TPartyChanges = { puts: TPartyPut[]; deletes: string[] };

/**
 * What saving the two lists writes: new rows for new names, only the changed fields of kept rows (so an edit
 * on another device to another party merges), and deletes for rows removed or emptied. Blank new rows are
 * left out: 'Add More' then not typing is not a party.
 */
export function partyChanges(
  existing: readonly TPartyRow[],
  lists: Record<TPartySide, readonly TPartyDraft[]>,
): TPartyChanges {
  const puts: TPartyPut[] = [];
  const kept = new Set<string>();
  for (const side of ['petitioner', 'opponent'] as const) {
    let order = 0;
    for (const d of lists[side]) {
      const name = d.name.trim();
      if (!name) continue;
      const values = { side, name, user_id: d.user_id, display_order: order++ };
      const before = d.id ? existing.find((r) => r.id === d.id) : undefined;
      if (!before) {
        puts.push({ id: null, values });
        continue;
      }
      kept.add(before.id);
      const changed = Object.fromEntries(
        Object.entries(values).filter(([k, v]) => (before[k as keyof typeof values] ?? null) !== v),
      );
      if (Object.keys(changed).length) puts.push({ id: before.id, values: changed });
    }
  }
  const deletes = existing.filter((r) => !kept.has(r.id)).map((r) => r.id);
  return { puts, deletes };
}

/** Messages per row key for names the server would refuse. */
export function partyErrors(rows: readonly TPartyDraft[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows)
    if (r.name.trim().length > PARTY_NAME_MAX)
      out[r.key] = `The name may not be greater than ${PARTY_NAME_MAX} characters.`;
  return out;
}
