/** One line of the bench table. `ok: null` is a figure without a budget (a limit, or PostgreSQL beside SQLite). */
export type Row = { what: string; figure: string; budget: string; ok: boolean | null };

/** Prints the rows as the bench's table; true when every budgeted row is within its budget. */
export function printTable(rows: Row[]): boolean {
  const w = Math.max('measure'.length, ...rows.map((r) => r.what.length));
  const fw = Math.max(12, ...rows.map((r) => r.figure.length));
  const bw = Math.max(14, ...rows.map((r) => r.budget.length));
  console.log(`\n${'measure'.padEnd(w)}  ${'figure'.padStart(fw)}  ${'budget'.padStart(bw)}  result`);
  for (const r of rows)
    console.log(
      `${r.what.padEnd(w)}  ${r.figure.padStart(fw)}  ${r.budget.padStart(bw)}  ${
        r.ok === null ? '-' : r.ok ? 'ok' : 'OVER BUDGET'
      }`,
    );
  return rows.every((r) => r.ok !== false);
}

/** 12345.6 -> "12,346". */
export const int = (n: number): string => Math.round(n).toLocaleString('en-US');
