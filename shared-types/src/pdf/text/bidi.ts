/**
 * Just enough of the Unicode bidirectional algorithm (UAX #9) for names and titles that mix Urdu and English
 * (DESIGN §7): pdf-lib draws glyphs left to right and knows nothing of direction, so each line is cut into
 * single-direction runs here and the runs are put in display order before drawing.
 *
 * Simplifications, chosen because they read right for court documents: European digits count as strong
 * left-to-right (so `123/2024` stays one run whatever surrounds it), Arabic-Indic digits form their own
 * left-to-right run inside right-to-left text, and every other non-Arabic letter is left-to-right.
 */

export type TScriptFont = 'latin' | 'arabic';

/** One piece of a line in one font and one direction; `level` odd = right to left (UAX #9 embedding level). */
export type TBidiRun = { text: string; font: TScriptFont; level: number };

type TClass = 'R' | 'AN' | 'L' | 'N';

/** The Arabic-script blocks the design names: Arabic, Arabic Supplement, presentation forms A and B. */
export function isArabicScript(cp: number): boolean {
  return (
    (cp >= 0x0600 && cp <= 0x06ff) ||
    (cp >= 0x0750 && cp <= 0x077f) ||
    (cp >= 0xfb50 && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfeff)
  );
}

/** Arabic-Indic and Urdu (extended) digits, with the Arabic percent and separators that go with them. */
const isArabicNumber = (cp: number) => (cp >= 0x0660 && cp <= 0x066c) || (cp >= 0x06f0 && cp <= 0x06f9);

/** Spaces and punctuation take the direction of what surrounds them. */
const NEUTRAL = /[\s!-/:-@[-`{-~\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f]/u;

function classOf(ch: string): TClass {
  const cp = ch.codePointAt(0)!;
  if (isArabicNumber(cp)) return 'AN';
  if (isArabicScript(cp)) return 'R';
  if (/[0-9]/.test(ch)) return 'L';
  return NEUTRAL.test(ch) ? 'N' : 'L';
}

const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Wraps text in a first-strong isolate (UAX #9 FSI … PDI): it keeps its own direction and does not turn the
 * line around it. "مقدمہ نمبر 123/2024, Ali Khan v. State" joined from party names would otherwise read as an
 * Urdu line; with each name isolated it stays an English line with an Urdu name in it.
 */
export const isolate = (text: string): string => `${FSI}${text}${PDI}`;

/** A line's characters, with each isolate collapsed into one slot holding its text (an unclosed one runs to the end). */
type TSlot = { ch: string } | { inner: string };
function slotsOf(text: string): TSlot[] {
  const slots: TSlot[] = [];
  let depth = 0;
  let inner = '';
  for (const ch of text) {
    if (ch === FSI) {
      if (depth++ > 0) inner += ch;
    } else if (ch === PDI) {
      if (depth === 0) continue;
      if (--depth > 0) inner += ch;
      else {
        slots.push({ inner });
        inner = '';
      }
    } else if (depth > 0) inner += ch;
    else slots.push({ ch });
  }
  if (depth > 0) slots.push({ inner });
  return slots;
}

/** The line's base direction: that of its first strong letter outside isolates (UAX #9 P2, P3); left to right when it has none. */
export function isRtlText(text: string): boolean {
  for (const slot of slotsOf(text)) {
    if (!('ch' in slot)) continue;
    const c = classOf(slot.ch);
    if (c === 'R') return true;
    if (c === 'L') return false;
  }
  return false;
}

/**
 * Splits one line (no line breaks) into runs in logical order, each with its font and level. A run of spaces
 * or punctuation between two runs of one direction joins them (UAX #9 N1); otherwise it takes the line's
 * direction (N2). An isolate counts as punctuation outside and is resolved on its own inside.
 * `hasGlyph` moves a character the preferred font lacks to the other font, if that has it.
 */
export function bidiRuns(
  text: string,
  hasGlyph: (font: TScriptFont, cp: number) => boolean = () => true,
): TBidiRun[] {
  const slots = slotsOf(text);
  const rtl = isRtlText(text);
  const base: 'L' | 'R' = rtl ? 'R' : 'L';
  const classes = slots.map((s) => ('ch' in s ? classOf(s.ch) : 'N'));
  const strong = (c: TClass | undefined): 'L' | 'R' | null =>
    c === 'L' ? 'L' : c === 'R' || c === 'AN' ? 'R' : null;

  const resolved: ('L' | 'R' | 'AN')[] = [];
  for (let i = 0; i < slots.length;) {
    const c = classes[i]!;
    if (c !== 'N') {
      resolved.push(c);
      i++;
      continue;
    }
    let j = i;
    while (j < slots.length && classes[j] === 'N') j++;
    const before = (i > 0 ? strong(classes[i - 1]) : null) ?? base;
    const after = (j < slots.length ? strong(classes[j]) : null) ?? base;
    const dir = before === after ? before : base;
    for (let k = i; k < j; k++) resolved.push(dir);
    i = j;
  }

  const runs: TBidiRun[] = [];
  const add = (run: TBidiRun) => {
    const last = runs[runs.length - 1];
    if (last && last.font === run.font && last.level === run.level) last.text += run.text;
    else runs.push({ ...run });
  };
  slots.forEach((slot, i) => {
    if (!('ch' in slot)) {
      // An isolate sits one level above the line, at the parity of its own direction.
      const offset = isRtlText(slot.inner) && !rtl ? 0 : 2;
      for (const run of bidiRuns(slot.inner, hasGlyph)) add({ ...run, level: run.level + offset });
      return;
    }
    const r = resolved[i]!;
    const level = r === 'R' ? 1 : r === 'AN' ? 2 : rtl ? 2 : 0;
    const preferred: TScriptFont = r === 'L' ? 'latin' : 'arabic';
    const other: TScriptFont = preferred === 'latin' ? 'arabic' : 'latin';
    const cp = slot.ch.codePointAt(0)!;
    const font = !hasGlyph(preferred, cp) && hasGlyph(other, cp) ? other : preferred;
    add({ text: slot.ch, font, level });
  });
  return runs;
}

const MIRRORS: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
  '‹': '›',
  '›': '‹',
};

/**
 * Brackets in right-to-left text are drawn mirrored (UAX #9 L4): the opening bracket of `(مقدمہ)` stands on
 * the right and must face left. fontkit does not do it, so the characters are swapped before shaping.
 */
export function mirrorBrackets(text: string): string {
  return text.replace(/[()[\]{}<>«»‹›]/g, (c) => MIRRORS[c] ?? c);
}

/**
 * Puts runs in display order, left to right (UAX #9 L2): from the highest level down to the lowest odd
 * level, every stretch of runs at that level or above is reversed. Glyphs inside a run are ordered by the
 * shaper (right to left for odd levels).
 */
export function visualOrder<T extends { level: number }>(runs: readonly T[]): T[] {
  const out = [...runs];
  const max = Math.max(0, ...out.map((r) => r.level));
  for (let level = max; level >= 1; level--) {
    for (let i = 0; i < out.length;) {
      if (out[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && out[j]!.level >= level) j++;
      const reversed = out.slice(i, j).reverse();
      out.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  return out;
}
