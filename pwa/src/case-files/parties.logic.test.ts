import { describe, expect, it } from 'vitest';
import type { TPartyRow } from './caseFiles.types.ts';
import { partyChanges, partyErrors, partySuggestions, type TPartyDraft } from './parties.logic.ts';

const known = [
  { name: 'Muhammad Ali', user_id: null },
  { name: 'Muhammad Ali', user_id: null },
  { name: 'Ali Raza', user_id: null },
  { name: 'Ali Raza', user_id: 'client-1' },
  { name: 'Syed Alishah', user_id: null },
  { name: 'State', user_id: null },
];

describe('partySuggestions', () => {
  it('suggests nothing before 3 characters', () => {
    expect(partySuggestions('Al', known)).toEqual([]);
    expect(partySuggestions('  al ', known)).toEqual([]);
  });

  it('suggests each matching name once, those starting with the text first, linked clients first', () => {
    expect(partySuggestions('ali', known)).toEqual([
      { name: 'Ali Raza', user_id: 'client-1' },
      { name: 'Ali Raza', user_id: null },
      { name: 'Muhammad Ali', user_id: null },
      { name: 'Syed Alishah', user_id: null },
    ]);
  });

  it('ignores case and stops at the limit', () => {
    expect(partySuggestions('STA', known)).toEqual([{ name: 'State', user_id: null }]);
    expect(partySuggestions('ali', known, 2)).toHaveLength(2);
  });
});

const row = (id: string, side: TPartyRow['side'], name: string, display_order: number): TPartyRow => ({
  id,
  petition_id: 'p1',
  side,
  name,
  user_id: null,
  display_order,
});
const draft = (key: string, id: string | null, name: string, user_id: string | null = null): TPartyDraft => ({
  key,
  id,
  name,
  user_id,
});

describe('partyChanges', () => {
  it('writes new names, changed fields only, and deletes removed or emptied rows', () => {
    const existing = [
      row('a', 'petitioner', 'Ali', 0),
      row('b', 'petitioner', 'Raza', 1),
      row('c', 'opponent', 'State', 0),
      row('d', 'opponent', 'Federation', 1),
    ];
    const changes = partyChanges(existing, {
      petitioner: [draft('b', 'b', 'Raza'), draft('n1', null, ' Sana '), draft('n2', null, '  ')],
      opponent: [draft('c', 'c', 'State of Pakistan', 'u9'), draft('d', 'd', '')],
    });
    expect(changes.deletes.sort()).toEqual(['a', 'd']);
    expect(changes.puts).toEqual([
      { id: 'b', values: { display_order: 0 } },
      { id: null, values: { side: 'petitioner', name: 'Sana', user_id: null, display_order: 1 } },
      { id: 'c', values: { name: 'State of Pakistan', user_id: 'u9' } },
    ]);
  });

  it('writes nothing when nothing changed', () => {
    const existing = [row('a', 'petitioner', 'Ali', 0)];
    expect(partyChanges(existing, { petitioner: [draft('a', 'a', 'Ali')], opponent: [] })).toEqual({
      puts: [],
      deletes: [],
    });
  });

  it('refuses names longer than the server takes', () => {
    expect(partyErrors([draft('k', null, 'x'.repeat(192)), draft('j', null, 'ok')])).toEqual({
      k: 'The name may not be greater than 191 characters.',
    });
  });
});
