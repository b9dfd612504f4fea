import { describe, expect, it } from 'vitest';
import { cutText, graphemes } from './text-cut.ts';

// Urdu names written with their vowel marks: each letter and its marks is one character to a reader.
const MUHAMMAD = 'مُحَمَّد'; // 4 letters, 8 code units
const URDU_NAMES = `${MUHAMMAD} اَسلَم، عبدالرحمٰن خان`;

describe('cutText: the spec’s cuts, between words and never inside a character', () => {
  it('counts a letter with its marks, and an emoji sequence, as one character', () => {
    expect(graphemes(MUHAMMAD)).toHaveLength(4);
    expect(graphemes('👨‍⚖️ Ali')).toHaveLength(5);
  });

  it('keeps text of up to max characters whole, counting letters and not code units', () => {
    // 17 letters but 21 code units: the old cut (String.length) cut this name.
    const name = `${MUHAMMAD} اسلم خان ملک`;
    expect(name.length).toBeGreaterThan(20);
    expect(graphemes(name).length).toBeLessThanOrEqual(20);
    expect(cutText(name, 20)).toBe(name);
    expect(cutText('x'.repeat(20), 20)).toBe('x'.repeat(20));
  });

  it('cuts an Urdu name list between words, never splitting a name or a letter from its marks', () => {
    const cut = cutText(URDU_NAMES, 20);
    expect(cut).toBe(`${MUHAMMAD} اَسلَم…`);
    expect(graphemes(cut).length).toBeLessThanOrEqual(20);
    // What the old code unit cut made of it: half a name, a mark torn off its letter.
    expect(URDU_NAMES.slice(0, 19)).not.toBe(cut.slice(0, -1));
  });

  it('cuts an English name list between words, dropping the dangling comma', () => {
    expect(cutText('Muhammad Ali Khan, Ayesha Bibi', 20)).toBe('Muhammad Ali Khan…');
    expect(cutText('Muhammad Aslam Chaudhry', 20)).toBe('Muhammad Aslam…');
  });

  it('cuts a first word longer than the room between its characters, keeping max - 1 and the ellipsis', () => {
    expect(cutText('x'.repeat(21), 20)).toBe(`${'x'.repeat(19)}…`);
    const long = 'عبدالرحمٰنعبدالرحمٰنعبدالرحمٰن';
    const cut = cutText(long, 20);
    expect(graphemes(cut)).toHaveLength(20);
    expect(cut.endsWith('…')).toBe(true);
    // No letter lost its mark: the kept part is a prefix of whole characters.
    expect(graphemes(long).slice(0, 19).join('')).toBe(cut.slice(0, -1));
  });

  it('keeps mixed Urdu and English names whole up to the cut', () => {
    expect(cutText(`Ali Raza, ${MUHAMMAD} اسلم, Bilal`, 20)).toBe(`Ali Raza, ${MUHAMMAD} اسلم…`);
  });

  it('takes the kept length apart from max (FIR titles: 50 and then an ellipsis)', () => {
    const title = `${'word '.repeat(12)}end`;
    const cut = cutText(title, 50, 50);
    expect(graphemes(cut).length).toBeLessThanOrEqual(51);
    expect(cut).toBe(`${'word '.repeat(10).trim()}…`);
  });
});
