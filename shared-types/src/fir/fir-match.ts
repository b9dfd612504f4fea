const PLAIN = /^[0-9a-z()]+$/;

/**
 * A section number as it is compared: case, spaces, hyphens and a leading "s."/"section" do not matter
 * (337-A(i), 337A(i), "337 a (i)" and "S. 337-A(i)" are one section), everything else does (302 is not 30,
 * 3021 or 302(a)).
 */
export function sectionKey(section: string): string {
  const lower = section.toLowerCase();
  // Most stored numbers are already plain (302, 337(i)): no rewriting needed.
  if (PLAIN.test(lower) && !lower.startsWith('s')) return lower;
  return lower.replace(/^\s*(sections?|sec\.?|s\.)\s*/, '').replace(/[\s\-\u2010-\u2015]/g, '');
}

/** One row of the reader's form: a section and, optionally, the statute it is in. */
export type TSectionQuery = { section: string; statute_id?: string | null };
type TSectionRow = { id: string; fir_no: string | null; statute_id: string | null };

/**
 * The stored sections an FIR names, grouped by statute in the order the rows name them: a row matches the
 * sections whose number is the same section (sectionKey), in its statute when it names one. A section named
 * twice is listed once.
 */
export function matchFirSections<R extends TSectionRow>(
  rows: readonly R[],
  queries: readonly TSectionQuery[],
): R[][] {
  const byKey = new Map<string, R[]>();
  for (const r of rows) {
    if (!r.fir_no) continue;
    const k = sectionKey(r.fir_no);
    const list = byKey.get(k);
    if (list) list.push(r);
    else byKey.set(k, [r]);
  }
  const groups = new Map<string, R[]>();
  const seen = new Set<string>();
  for (const q of queries) {
    const k = sectionKey(q.section ?? '');
    if (!k) continue;
    for (const r of byKey.get(k) ?? []) {
      if (q.statute_id && r.statute_id !== q.statute_id) continue;
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      const g = r.statute_id ?? '';
      const list = groups.get(g);
      if (list) list.push(r);
      else groups.set(g, [r]);
    }
  }
  return [...groups.values()];
}
