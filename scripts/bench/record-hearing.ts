// Issue 34 item 1: "Record hearing" on a phone, from Save to the next date visible in the calendar's query,
// on the device's database (fake-indexeddb in Node: the same Dexie code as the phone, without a browser). A
// device holding 250 cases and 2,000 hearings this month records today's hearing of a case (outcome, note,
// court room, serial, a photo, +14 days: recordHearingLocal, one outbox transaction), then reads the next
// date's day as the calendar does (useHearingsBetween: the date index, the cases, their other sheets) until
// the new hearing is in it. Median of RECORD_RUNS (default 15), each on another case.
//
// Alone: `node --import tsx scripts/bench/record-hearing.ts`.
import 'fake-indexeddb/auto';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { todayInPakistan } from '../../shared-types/src/common/dates.ts';
import { quickPickDate } from '../../shared-types/src/court-day/next-date.ts';
import { makePng } from '../../shared-types/src/pdf/testing/images.ts';
import { newId } from '../../sync-server/src/db/ids.ts';
import { openLocalDb, shadowOf, type LocalDb, type TRow } from '../../pwa/src/sync/db.ts';
import type { TOrderSheetRow } from '../../pwa/src/case-files/caseFiles.types.ts';
import { recordHearingLocal } from '../../pwa/src/court-day/recordHearing.actions.ts';
import { recordTargets } from '../../pwa/src/court-day/recordHearing.logic.ts';
import { printTable, type Row } from './table.ts';

export const RECORD_HEARING_BUDGET_MS = 100;
const CASES = 250;
const HEARINGS = 2_000;
const RUNS = Number(process.env.RECORD_RUNS ?? 15);

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Rows as a pull leaves them: the server's copy (shadow) and the visible row. */
async function pulled(db: LocalDb, entity: string, rows: TRow[]): Promise<void> {
  await db.shadow.bulkPut(rows.map((r) => shadowOf(entity, r)));
  await db.rows(entity).bulkPut(rows);
}

/** The calendar's read of the days from `from` to `to` (useHearingsBetween's query), in one transaction. */
async function calendarDays(db: LocalDb, from: string, to: string) {
  const [sheetsTable, meetingsTable, petitionsTable] = [
    db.rows('order_sheets'),
    db.rows('calendar_meetings'),
    db.rows('petitions'),
  ];
  return db.transaction('r', sheetsTable, meetingsTable, petitionsTable, async () => {
    const [due] = await Promise.all([
      sheetsTable.where('order_sheet_date').between(from, to, true, true).toArray(),
      meetingsTable.where('meeting_date').between(from, to, true, true).toArray(),
    ]);
    const ids = [...new Set(due.map((s) => String(s.petition_id)))];
    await Promise.all([
      petitionsTable.bulkGet(ids),
      Promise.all(ids.map((id) => sheetsTable.where('petition_id').equals(id).toArray())),
    ]);
    return due;
  });
}

export async function recordHearingBench(): Promise<{ rows: Row[] }> {
  const db = openLocalDb(`bench-record-${Date.now()}`);
  const today = todayInPakistan();
  const now = new Date().toISOString();
  const stamp = { company_id: 'bench', created_at: now, updated_at: now, version: 1, deleted_at: null };
  const petitions = Array.from({ length: CASES }, (_, i) => ({
    ...stamp,
    id: newId(),
    case_no: String(100 + i),
    year: 2026,
    title: `Petitioner ${i} v. State`,
    archived: false,
    lawyer_ids: [],
  }));
  await pulled(db, 'petitions', petitions);
  // 2,000 hearings over the month around today; the first RUNS cases are heard today.
  const sheets = Array.from({ length: HEARINGS }, (_, i) => ({
    ...stamp,
    id: newId(),
    petition_id: petitions[i % CASES]!.id,
    order_sheet_date: i < RUNS ? today : addDays(today, (i % 30) - 15),
  }));
  await pulled(db, 'order_sheets', sheets);
  const next = quickPickDate(today, 14)!.date;
  const photo = new File([Buffer.from(makePng(640, 480, () => [30, 120, 60]))], 'order.png', {
    type: 'image/png',
  });

  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const petitionId = petitions[run]!.id;
    const own = (await db
      .rows('order_sheets')
      .where('petition_id')
      .equals(petitionId)
      .toArray()) as unknown as TOrderSheetRow[];
    const t = recordTargets(own, today);
    const started = performance.now();
    const r = await recordHearingLocal(db, {
      petitionId,
      date: today,
      hearing: t.hearing,
      outcomeId: 'bench-adjourned',
      note: 'Adjourned; the opponent sought time.',
      courtRoom: 'Court Room 5',
      serialNo: run + 1,
      photo,
      firstOrder: 1,
      next: { date: next, sheet: t.next },
      archive: null,
    });
    const shown = await calendarDays(db, next, next);
    times.push(performance.now() - started);
    if (!shown.some((s) => s.id === r.nextId))
      throw new Error('the next date is not in the calendar’s query');
  }
  db.close();
  const m = median(times);
  return {
    rows: [
      {
        what: `record hearing (photo, +14) to the next date in the calendar's query, ${HEARINGS.toLocaleString('en-US')} hearings on the device (fake-indexeddb, median of ${RUNS})`,
        figure: `${m.toFixed(1)} ms`,
        budget: `< ${RECORD_HEARING_BUDGET_MS} ms`,
        ok: m < RECORD_HEARING_BUDGET_MS,
      },
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  printTable((await recordHearingBench()).rows);
