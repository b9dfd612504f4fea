// The conflict check (issue 34): before a firm takes a case, does it already act for or against any of its
// parties? An index over every case the user may read (archived and moot too) answers, for a typed name
// (and, when known, a CNIC or phone), which cases name that person or company and on which side. It runs on
// the device, offline, as names are typed: the index is built once when the cases change, each check is a
// few map lookups. No zod: the case form runs it.
import { phoneKey } from './phone-international.ts';
import { cnicKey, nameKey } from './party-name.ts';

export type TPartySide = 'petitioner' | 'opponent';

/** A case as the index needs it: its number as the app shows it ("W.P. 1221/2025"). */
export type TConflictCase = { id: string; number: string; archived?: boolean | null; moot?: boolean | null };
/** A party row of a case (petition_parties), linked to a person of the firm or not. */
export type TConflictParty = { petition_id: string; side: string; name: string; user_id?: string | null };
/** A person of the firm a party may be linked to (users): their name, CNIC and phone tie scripts together. */
export type TConflictPerson = {
  id: string;
  name?: string | null;
  cnic?: string | null;
  phone?: string | null;
};

/**
 * What the user typed for one party: a name, and a CNIC or phone when the form has them; `people`, the persons
 * of the firm the server says carry the typed CNIC (a device without CNICs asks it: same-cnic.ts on the server).
 */
export type TConflictQuery = {
  name: string;
  cnic?: string | null;
  phone?: string | null;
  people?: readonly string[] | null;
};

export type TConflictMatch = {
  caseId: string;
  caseNumber: string;
  side: TPartySide;
  /** The party's name as that case holds it. */
  partyName: string;
  by: 'name' | 'cnic' | 'phone';
  archived: boolean;
  moot: boolean;
};

type TEntry = Omit<TConflictMatch, 'by'>;
export type TConflictIndex = {
  byName: Map<string, TEntry[]>;
  byCnic: Map<string, TEntry[]>;
  byPhone: Map<string, TEntry[]>;
  /** The parties linked to each person of the firm, for a CNIC match the server made. */
  byPerson: Map<string, TEntry[]>;
};

const push = (map: Map<string, TEntry[]>, key: string | null, e: TEntry) => {
  if (!key) return;
  const list = map.get(key);
  if (list) list.push(e);
  else map.set(key, [e]);
};

/**
 * The index over the firm's cases. A party is found by its own name's key, and, when it is linked to a person
 * of the firm, by that person's name, CNIC and phone too: so an Urdu name typed with a client's CNIC finds
 * the case where the client's English name stands. Parties of cases not given (deleted, not readable) are
 * left out.
 */
export function buildConflictIndex(
  cases: readonly TConflictCase[],
  parties: readonly TConflictParty[],
  people: readonly TConflictPerson[] = [],
): TConflictIndex {
  const caseById = new Map(cases.map((c) => [c.id, c]));
  const index: TConflictIndex = {
    byName: new Map(),
    byCnic: new Map(),
    byPhone: new Map(),
    byPerson: new Map(),
  };
  // The same names recur across a firm's cases (the State, a province, a regular client): key each once.
  const keys = new Map<string, string>();
  const keyOf = (name: string | null | undefined) => {
    const raw = name ?? '';
    let k = keys.get(raw);
    if (k === undefined) keys.set(raw, (k = nameKey(raw)));
    return k;
  };
  const personKeys = new Map(
    people.map((p) => [p.id, { name: keyOf(p.name), cnic: cnicKey(p.cnic), phone: phoneKey(p.phone) }]),
  );
  for (const p of parties) {
    const c = caseById.get(p.petition_id);
    if (!c || (p.side !== 'petitioner' && p.side !== 'opponent')) continue;
    const e: TEntry = {
      caseId: c.id,
      caseNumber: c.number,
      side: p.side,
      partyName: p.name.trim(),
      archived: !!c.archived,
      moot: !!c.moot,
    };
    const own = keyOf(p.name);
    push(index.byName, own, e);
    if (p.user_id) push(index.byPerson, p.user_id, e);
    const person = p.user_id ? personKeys.get(p.user_id) : undefined;
    if (!person) continue;
    if (person.name !== own) push(index.byName, person.name, e);
    push(index.byCnic, person.cnic, e);
    push(index.byPhone, person.phone, e);
  }
  return index;
}

/**
 * Every case naming the typed party, each case and side once: by name first, then by CNIC, then by phone (a
 * case found by name is not listed again for its CNIC).
 */
export function checkConflicts(index: TConflictIndex, query: TConflictQuery): TConflictMatch[] {
  const seen = new Set<string>();
  const out: TConflictMatch[] = [];
  const take = (list: TEntry[] | undefined, by: TConflictMatch['by']) => {
    for (const e of list ?? []) {
      const k = `${e.caseId}\u0000${e.side}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({ ...e, by });
    }
  };
  const name = nameKey(query.name);
  if (name) take(index.byName.get(name), 'name');
  const cnic = cnicKey(query.cnic);
  if (cnic) take(index.byCnic.get(cnic), 'cnic');
  for (const id of query.people ?? []) take(index.byPerson.get(id), 'cnic');
  const phone = phoneKey(query.phone);
  if (phone) take(index.byPhone.get(phone), 'phone');
  return out;
}

const SIDE_WORD: Record<TPartySide, string> = { petitioner: 'petitioner', opponent: 'opponent' };

/**
 * The warning for a party typed on `side` of a new case: a match on the other side of an existing case is a
 * possible conflict ("Possible conflict: Muhammad Aslam is the opponent in W.P. 1221/2025"); the same side
 * (a returning client) is not. The name is the one the existing case holds, so an Urdu name found by its CNIC
 * shows whom it matched. Null when nothing conflicts.
 */
export function conflictWarning(
  matches: readonly TConflictMatch[],
  side: TPartySide,
  typedName?: string,
): string | null {
  const other = matches.filter((m) => m.side !== side);
  if (!other.length) return null;
  const lines = other.map(
    (m) =>
      `${m.partyName || typedName?.trim() || 'This party'} is the ${SIDE_WORD[m.side]} in ${m.caseNumber}`,
  );
  return `Possible conflict: ${lines.join('; ')}`;
}

/** A match as the Conflict check screen lists it: "W.P. 1221/2025: Muhammad Aslam, opponent (archived)". */
export function conflictLine(m: TConflictMatch): string {
  const flags = [m.archived ? 'archived' : null, m.moot ? 'moot' : null].filter(Boolean);
  const how = m.by === 'name' ? '' : ` (same ${m.by === 'cnic' ? 'CNIC' : 'phone'})`;
  return `${m.caseNumber}: ${m.partyName}, ${SIDE_WORD[m.side]}${how}${flags.length ? ` (${flags.join(', ')})` : ''}`;
}
