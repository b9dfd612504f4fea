// Issue 34: the conflict check on the device over 20,000 cases (about 70,000 parties, a third linked to
// people of the firm with a CNIC and phone). The figure is one check, the slowest of a set of typical typed
// names (spelling variants, a company with its suffix, an Urdu name with a CNIC, an unrelated name), median of
// 15 each; the index is built once when the cases change, so its build is printed beside, without a budget.
// Alone: `node --import tsx scripts/bench/conflict-check.ts`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  buildConflictIndex,
  checkConflicts,
  type TConflictCase,
  type TConflictParty,
  type TConflictPerson,
} from '../../shared-types/src/court-day/conflict-check.ts';
import { printTable, type Row } from './table.ts';

export const CONFLICT_CHECK_BUDGET_MS = 50;
const CASES = 20_000;

const FIRST = [
  'Muhammad',
  'Mohammad',
  'Ali',
  'Ahmad',
  'Mst. Razia',
  'Syed Hassan',
  'Ch. Aslam',
  'Kamran',
  'Bilal',
  'Sana',
];
const LAST = [
  'Aslam',
  'Akram',
  'Khan',
  'Butt',
  'Hussain',
  'Raza',
  'Yousaf',
  'Iqbal',
  'Malik',
  'Sheikh',
  'Qureshi',
];
const TYPES = ['W.P.', 'C.R.', 'Crl.A.', 'C.S.', 'R.F.A.', 'I.C.A.'];

const personName = (i: number) =>
  `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i % 97} s/o ${LAST[(i * 3) % LAST.length]}`;

function synthetic(): { cases: TConflictCase[]; parties: TConflictParty[]; people: TConflictPerson[] } {
  const cases: TConflictCase[] = [];
  const parties: TConflictParty[] = [];
  const people: TConflictPerson[] = Array.from({ length: 5_000 }, (_, i) => ({
    id: `u${i}`,
    name: personName(i * 13),
    cnic: `35202-${String(1_000_000 + i).slice(0, 7)}-${i % 10}`,
    phone: `03${String(100_000_000 + i).slice(0, 9)}`,
  }));
  for (let i = 0; i < CASES; i++) {
    const id = `c${i}`;
    cases.push({
      id,
      number: `${TYPES[i % TYPES.length]} ${1000 + i}/${2000 + (i % 26)}`,
      archived: i % 5 === 0,
    });
    const n = 2 + (i % 3) + (i % 2);
    for (let k = 0; k < n; k++) {
      const side = k % 2 ? 'opponent' : 'petitioner';
      const company = (i + k) % 11 === 0;
      parties.push({
        petition_id: id,
        side,
        name: company ? `M/s Traders ${(i * 5 + k) % 3000} (Pvt.) Ltd.` : personName(i * 5 + k),
        user_id: (i + k) % 3 === 0 ? `u${(i + k) % people.length}` : null,
      });
    }
  }
  return { cases, parties, people };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function conflictCheckBench(): { rows: Row[] } {
  const { cases, parties, people } = synthetic();
  // The first build runs cold (as when the screen first opens); a rebuild after a sync runs warm.
  const timedBuild = () => {
    const t0 = performance.now();
    const built = buildConflictIndex(cases, parties, people);
    return { built, ms: performance.now() - t0 };
  };
  const first = timedBuild();
  const rebuild = median(Array.from({ length: 5 }, () => timedBuild().ms));
  const index = first.built;
  const queries = [
    { name: 'MOHAMMAD Aslam 0 S/O Akram' },
    { name: 'Syed Hassan Raza 5' },
    { name: 'Traders 42 (Private) Limited' },
    { name: 'محمد اسلم', cnic: '3520210000421' },
    { name: 'Tariq Mehmood', phone: '+92 321 4567890' },
  ];
  let found = 0;
  const perQuery = queries.map((q) => {
    found += checkConflicts(index, q).length;
    return median(
      Array.from({ length: 15 }, () => {
        const s = performance.now();
        checkConflicts(index, q);
        return performance.now() - s;
      }),
    );
  });
  const worst = Math.max(...perQuery);
  const n = CASES.toLocaleString('en-US');
  return {
    rows: [
      {
        what: `conflict check over ${n} cases, ${parties.length.toLocaleString('en-US')} parties (slowest of ${queries.length} names, ${found} matches, median of 15)`,
        figure: `${worst.toFixed(3)} ms`,
        budget: `< ${CONFLICT_CHECK_BUDGET_MS} ms`,
        ok: worst < CONFLICT_CHECK_BUDGET_MS,
      },
      {
        what: `conflict check index built over ${n} cases (first, cold / rebuilt, median of 5)`,
        figure: `${first.ms.toFixed(0)} / ${rebuild.toFixed(0)} ms`,
        budget: '-',
        ok: null,
      },
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printTable(conflictCheckBench().rows);
