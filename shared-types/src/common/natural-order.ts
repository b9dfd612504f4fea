const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/**
 * Text in the order people read lists, without Intl: case-insensitive, and runs of digits by their value
 * ('WP 41/2026' before 'WP 345/2026', 'Court 2' before 'Court 10'). The first Intl.Collator of a page loads
 * the browser's collation data, 20-60 ms on a desktop and four times that on a phone, on the way to the first
 * screen; and String#localeCompare with options builds a collator on every call. Other characters compare by
 * their code (lower case): the same order on the device and the server, in any browser.
 */
export function compareNatural(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const cx = x.charCodeAt(i);
    const cy = y.charCodeAt(j);
    if (isDigit(cx) && isDigit(cy)) {
      let ei = i;
      while (ei < x.length && isDigit(x.charCodeAt(ei))) ei++;
      let ej = j;
      while (ej < y.length && isDigit(y.charCodeAt(ej))) ej++;
      // Leading zeros do not count: '007' is 7.
      let si = i;
      while (si < ei - 1 && x.charCodeAt(si) === 48) si++;
      let sj = j;
      while (sj < ej - 1 && y.charCodeAt(sj) === 48) sj++;
      if (ei - si !== ej - sj) return ei - si < ej - sj ? -1 : 1;
      for (let k = 0; k < ei - si; k++) {
        const d = x.charCodeAt(si + k) - y.charCodeAt(sj + k);
        if (d) return d < 0 ? -1 : 1;
      }
      i = ei;
      j = ej;
      continue;
    }
    if (cx !== cy) return cx < cy ? -1 : 1;
    i++;
    j++;
  }
  const rx = x.length - i;
  const ry = y.length - j;
  return rx === ry ? 0 : rx < ry ? -1 : 1;
}

/**
 * Codes, character by character: ISO dates and times, ids and keys, whose order is their characters' (what
 * String#localeCompare gave them, without loading the collation data it needs).
 */
export const compareCodes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
