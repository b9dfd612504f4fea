import { describe, expect, it } from 'vitest';
import { bidiRuns, isArabicScript, isolate, isRtlText, mirrorBrackets, visualOrder } from './bidi.ts';

const display = (text: string) => visualOrder(bidiRuns(text)).map((r) => r.text);

describe('bidi runs', () => {
  it('knows the Arabic-script blocks the design names', () => {
    for (const cp of [0x0600, 0x06c1, 0x06d2, 0x0750, 0xfb50, 0xfdff, 0xfe70, 0xfeff])
      expect(isArabicScript(cp)).toBe(true);
    for (const cp of [0x41, 0x30, 0x2f, 0x05d0, 0x0780]) expect(isArabicScript(cp)).toBe(false);
  });

  it('splits an Urdu case number into an Urdu run and a Latin run, the number shown on the left', () => {
    const runs = bidiRuns('مقدمہ نمبر 123/2024');
    expect(runs).toEqual([
      { text: 'مقدمہ نمبر ', font: 'arabic', level: 1 },
      { text: '123/2024', font: 'latin', level: 2 },
    ]);
    // Right to left: the Urdu words stand on the right, so the number comes first from the left.
    expect(display('مقدمہ نمبر 123/2024')).toEqual(['123/2024', 'مقدمہ نمبر ']);
    expect(isRtlText('مقدمہ نمبر 123/2024')).toBe(true);
  });

  it('keeps an Urdu name in place inside an English line', () => {
    expect(isRtlText('Petitioner: محمد علی v. State')).toBe(false);
    expect(display('Petitioner: محمد علی v. State')).toEqual(['Petitioner: ', 'محمد علی', ' v. State']);
  });

  it('keeps English words together inside an Urdu line and puts them in right-to-left order', () => {
    expect(display('یہ Case No 5 ہے')).toEqual([' ہے', 'Case No 5', 'یہ ']);
  });

  it('shows Arabic-Indic digits left to right inside Urdu text', () => {
    const runs = bidiRuns('نمبر ۱۲۳ ہے');
    expect(runs.map((r) => [r.text, r.level])).toEqual([
      ['نمبر ', 1],
      ['۱۲۳', 2],
      [' ہے', 1],
    ]);
    expect(display('نمبر ۱۲۳ ہے')).toEqual([' ہے', '۱۲۳', 'نمبر ']);
  });

  it('gives a character the preferred font lacks to the other font', () => {
    const runs = bidiRuns('A ✓ B', (font, cp) => font === 'arabic' || cp !== 0x2713);
    expect(runs.map((r) => r.font)).toEqual(['latin', 'arabic', 'latin']);
  });

  it('mirrors brackets for right-to-left runs', () => {
    expect(mirrorBrackets('(مقدمہ) [۱]')).toBe(')مقدمہ( ]۱[');
  });

  it('keeps an isolated Urdu name from turning an English line around', () => {
    const line = `${isolate('مقدمہ نمبر 123/2024')}, Ali Khan v. State`;
    expect(isRtlText(line)).toBe(false);
    // Inside the isolate the Urdu still reads right to left, its number on its left.
    expect(display(line)).toEqual(['123/2024', 'مقدمہ نمبر ', ', Ali Khan v. State']);
    // Without it, the first strong letter makes the whole line right to left.
    expect(display('مقدمہ نمبر 123/2024, Ali Khan v. State')).toEqual([
      '123/2024, Ali Khan v. State',
      'مقدمہ نمبر ',
    ]);
  });

  it('treats a line without letters as left to right', () => {
    expect(isRtlText('123 / 456')).toBe(false);
    expect(bidiRuns('')).toEqual([]);
  });
});
