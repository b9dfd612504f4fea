const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** A character's code in lower case: A-Z at once, others (rarely reached) through toLowerCase. */
const lower = (c: number): number =>
  c >= 65 && c <= 90 ? c + 32 : c < 128 ? c : String.fromCharCode(c).toLowerCase().charCodeAt(0);

/**
 * Text in the order people read lists, without Intl: case-insensitive, and runs of digits by their value
 * ('WP 41/2026' before 'WP 345/2026', 'Court 2' before 'Court 10'). The first Intl.Collator of a page loads
 * the browser's collation data, 20-60 ms on a desktop and four times that on a phone, on the way to the first
 * screen; and String#localeCompare with options builds a collator on every call. Other characters compare by
 * their code (lower case): the same order on the device and the server, in any browser.
 */
export function compareNatural(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const cx = a.charCodeAt(i);
    const cy = b.charCodeAt(j);
    if (isDigit(cx) && isDigit(cy)) {
      let ei = i;
      while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
      let ej = j;
      while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
      // Leading zeros do not count: '007' is 7.
      let si = i;
      while (si < ei - 1 && a.charCodeAt(si) === 48) si++;
      let sj = j;
      while (sj < ej - 1 && b.charCodeAt(sj) === 48) sj++;
      if (ei - si !== ej - sj) return ei - si < ej - sj ? -1 : 1;
      for (let k = 0; k < ei - si; k++) {
        const d = a.charCodeAt(si + k) - b.charCodeAt(sj + k);
        if (d) return d < 0 ? -1 : 1;
      }
      i = ei;
      j = ej;
      continue;
    }
    if (cx !== cy) {
      const x = lower(cx);
      const y = lower(cy);
      if (x !== y) return x < y ? -1 : 1;
    }
    i++;
    j++;
  }
  const rx = a.length - i;
  const ry = b.length - j;
  return rx === ry ? 0 : rx < ry ? -1 : 1;
}

/**
 * Codes, character by character: ISO dates and times, ids and keys, whose order is their characters' (what
 * String#localeCompare gave them, without loading the collation data it needs).
 */
export const compareCodes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
