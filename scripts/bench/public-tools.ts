// Issue 16: the FIR reader's lookup on the device: 10 sections of an FIR over 5,000 stored sections, the same
// function the result screen runs (exact matching and grouping by statute), median of 11 runs.
// Alone: `node --import tsx scripts/bench/public-tools.ts`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { firResultGroups } from '../../pwa/src/fir/firSearch.ts';
import { printTable, type Row } from './table.ts';

const STORED = 5_000;
const BUDGET_MS = 20;

export function publicToolsBench(): { rows: Row[] } {
  const statutes = Array.from({ length: 20 }, (_, i) => ({ id: `st${i}`, title: `Statute ${i}` }));
  const sections = Array.from({ length: STORED }, (_, i) => ({
    id: `s${i}`,
    statute_id: `st${i % statutes.length}`,
    fir_no: i % 3 ? String(i) : `${i}-A(${['i', 'ii', 'iii'][i % 3]})`,
    title: `Offence ${i}`,
    arrest_info: 'Cognizable',
    warrent_info: 'Warrant',
    bailable_info: 'Not bailable',
    compoundable_info: 'Not compoundable',
    punishment_info: 'Imprisonment',
    court_triable: 'Court of Session',
  }));
  const wanted = [302, 34, 1201, 3333, 4000, 4999, 17, 2500, 3001, 999].map((n) => ({
    section: n % 3 ? String(n) : `${n}A(i)`,
    statute_id: '',
  }));
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run < 11; run++) {
    const t = performance.now();
    found = firResultGroups(sections, statutes, wanted).flatMap((g) => g.sections).length;
    times.push(performance.now() - t);
  }
  const med = times.sort((a, b) => a - b)[5]!;
  return {
    rows: [
      {
        what: `FIR lookup: 10 sections over ${STORED.toLocaleString('en-US')} stored (${found} found, median of 11)`,
        figure: `${med.toFixed(2)} ms`,
        budget: `< ${BUDGET_MS} ms`,
        ok: med < BUDGET_MS,
      },
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printTable(publicToolsBench().rows);
