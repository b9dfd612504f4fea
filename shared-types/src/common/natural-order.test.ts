import { describe, expect, it } from 'vitest';
import { compareNatural } from './natural-order.ts';

const sorted = (xs: string[]) => [...xs].sort(compareNatural);

describe('compareNatural', () => {
  it('orders numbers inside text by their value', () => {
    expect(sorted(['WP 345/2026', 'WP 41/2026', 'WP 5/2027', 'WP 41/2025'])).toEqual([
      'WP 5/2027',
      'WP 41/2025',
      'WP 41/2026',
      'WP 345/2026',
    ]);
    expect(sorted(['Court 10', 'Court 2', 'Court 1'])).toEqual(['Court 1', 'Court 2', 'Court 10']);
    expect(sorted(['L-12', 'L-9', 'L-100', 'L-010'])).toEqual(['L-9', 'L-010', 'L-12', 'L-100']);
  });

  it('ignores case, and leading zeros', () => {
    expect(compareNatural('lahore high court', 'Lahore High Court')).toBe(0);
    expect(compareNatural('Case 007', 'case 7')).toBe(0);
    expect(sorted(['banking court', 'Anti-Terrorism Court', 'civil court'])).toEqual([
      'Anti-Terrorism Court',
      'banking court',
      'civil court',
    ]);
  });

  it('puts a text before the longer text it begins', () => {
    expect(sorted(['Court 1 A', 'Court 1', 'Court'])).toEqual(['Court', 'Court 1', 'Court 1 A']);
    expect(compareNatural('', 'a')).toBe(-1);
    expect(compareNatural('a', '')).toBe(1);
  });

  it('agrees with a numeric, case-insensitive Intl.Collator on plain English titles', () => {
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const titles = [
      'Civil Judge 12 Lahore',
      'civil judge 3 lahore',
      'District Court 7',
      'District Court 70',
      'Family Court 1',
      'High Court Bench 2',
      'Sessions Court',
      'Sessions Court 11',
      'WP 1/2026',
      'WP 12/2025',
    ];
    const sign = (n: number) => Math.sign(n);
    for (const a of titles)
      for (const b of titles)
        expect(sign(compareNatural(a, b)), `${a} / ${b}`).toBe(sign(collator.compare(a, b)));
  });
});
