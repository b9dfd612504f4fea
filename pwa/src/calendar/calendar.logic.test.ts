import { describe, expect, it } from 'vitest';
import type { TOrderSheetRow, TPetitionRow } from '../case-files/caseFiles.types.ts';
import {
  addDays,
  causeListRows,
  findCases,
  hearingsByDay,
  monthGrid,
  weekOf,
  weekStart,
  type TMeetingRow,
} from './calendar.logic.ts';

const petition = (id: string, more: Partial<TPetitionRow> = {}) =>
  ({
    id,
    case_no: '12',
    year: 2025,
    title: `Case ${id}`,
    court_id: null,
    petition_type_id: null,
    ...more,
  }) as TPetitionRow;
const sheet = (
  id: string,
  petition_id: string,
  order_sheet_date: string,
  order_sheet_type_id: string | null = null,
) => ({ id, petition_id, order_sheet_date, order_sheet_type_id }) as TOrderSheetRow;
const look = {
  courtOf: (id: string | null) => ({ c1: 'Lahore High Court', c2: 'Civil Court Lahore' })[id ?? ''] ?? '',
  abbrOf: (id: string | null) => (id === 'wp' ? 'W.P.' : null),
  typeOf: (id: string | null) => (id === 't1' ? 'Arguments' : null),
};

describe('hearing calendar logic', () => {
  it('counts weeks from Monday and steps over month and year ends', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // the Sunday after
    expect(weekOf('2027-01-01')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it("reads a month's whole weeks, Monday to Sunday, as the month grid shows them", () => {
    // November 2026: Sunday the 1st to Monday the 30th.
    expect(monthGrid('2026-11-17')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    // February 2027 starts on a Monday and ends on a Sunday; a leap February ends on the 29th.
    expect(monthGrid('2027-02-01')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthGrid('2028-02-29')).toEqual({ from: '2028-01-31', to: '2028-03-05' });
    expect(monthGrid('2026-12-31')).toEqual({ from: '2026-11-30', to: '2027-01-03' });
  });

  it('gives each day its hearings by court, with the case title as the list shows it, and skips deleted cases', () => {
    const days = hearingsByDay(
      [
        sheet('s1', 'p1', '2026-11-24', 't1'),
        sheet('s2', 'p2', '2026-11-24'),
        sheet('s3', 'gone', '2026-11-24'),
        sheet('s4', 'p1', '2026-12-01'),
      ],
      [
        petition('p1', { court_id: 'c1', petition_type_id: 'wp' }),
        petition('p2', { court_id: 'c2', year: null, case_no: '9' }),
      ],
      look,
    );
    expect(days.get('2026-11-24')).toEqual([
      {
        id: 's2',
        kind: 'hearing',
        date: '2026-11-24',
        petitionId: 'p2',
        title: '9 Case p2',
        caseNo: '9',
        caseTitle: 'Case p2',
        lastOrder: null,
        court: 'Civil Court Lahore',
        pendingTag: null,
        type: null,
        summary: null,
        createdBy: null,
        courtRoom: null,
        serialNo: null,
      },
      {
        id: 's1',
        kind: 'hearing',
        date: '2026-11-24',
        petitionId: 'p1',
        title: 'W.P. 12/2025 Case p1',
        caseNo: 'W.P. 12/2025',
        caseTitle: 'Case p1',
        lastOrder: 'Arguments',
        court: 'Lahore High Court',
        pendingTag: null,
        type: 'Arguments',
        summary: null,
        createdBy: null,
        courtRoom: null,
        serialNo: null,
      },
    ]);
    expect(days.get('2026-12-01')!.map((h) => h.id)).toEqual(['s4']);
    expect([...days.keys()].sort()).toEqual(['2026-11-24', '2026-12-01']);
  });

  it('puts meetings (no case file) on their day, before the courts’ hearings', () => {
    const meeting = {
      id: 'm1',
      meeting_date: '2026-11-24',
      title: 'Bar council',
      summary: 'Room 4',
      created_by: 'u1',
    } as TMeetingRow;
    const days = hearingsByDay(
      [sheet('s1', 'p1', '2026-11-24')],
      [petition('p1', { court_id: 'c1' })],
      look,
      [meeting],
    );
    expect(
      days.get('2026-11-24')!.map((h) => [h.kind, h.title, h.petitionId, h.summary, h.createdBy]),
    ).toEqual([
      ['meeting', 'Bar council', null, 'Room 4', 'u1'],
      ['hearing', '12/2025 Case p1', 'p1', null, null],
    ]);
  });

  it('gives a cause list the stage each case stands at: its own type, else its last typed order sheet’s', () => {
    const days = hearingsByDay(
      [
        sheet('a', 'p1', '2026-11-01', 't1'),
        sheet('b', 'p1', '2026-11-10'),
        sheet('c', 'p1', '2026-12-01', 't1'),
        sheet('d', 'p2', '2026-11-10'),
      ],
      [petition('p1', { court_id: 'c1', pending_tag: 'L-7' }), petition('p2', { court_id: 'c2' })],
      look,
      [{ id: 'm', meeting_date: '2026-11-10', title: 'Bar council', created_by: 'u' } as TMeetingRow],
    );
    expect(causeListRows(days.get('2026-11-10'))).toEqual([
      {
        caseNo: '12/2025',
        title: 'Case p2',
        court: 'Civil Court Lahore',
        pendingTag: null,
        lastOrder: null,
        courtRoom: null,
        serialNo: null,
      },
      {
        caseNo: '12/2025',
        title: 'Case p1',
        court: 'Lahore High Court',
        pendingTag: 'L-7',
        lastOrder: 'Arguments',
        courtRoom: null,
        serialNo: null,
      },
    ]);
  });

  it('finds case files for the modal from 3 characters, by number first, labelled with the petitioners', () => {
    const cases = [
      petition('p1', { case_no: '345', year: 2026, title: 'Ali v. State', petition_type_id: 'wp' }),
      petition('p2', { case_no: '12', year: 2025, title: 'Bank v. 345 Traders' }),
      petition('p3', { case_no: '3456', year: 2024, title: 'Old', archived: true }),
    ];
    const names = (id: string) => (id === 'p1' ? 'Ali Khan' : '');
    expect(findCases('34', cases, look.abbrOf, names)).toEqual([]);
    expect(findCases('345', cases, look.abbrOf, names)).toEqual([
      { id: 'p1', label: 'W.P. 345/2026 Ali v. State (Ali Khan)' },
      { id: 'p3', label: '3456/2024 Old' },
      { id: 'p2', label: '12/2025 Bank v. 345 Traders' },
    ]);
    expect(findCases('w.p. 345', cases, look.abbrOf, names).map((c) => c.id)).toEqual(['p1']);
    expect(findCases('ali khan', cases, look.abbrOf, names).map((c) => c.id)).toEqual(['p1']);
    expect(findCases('nothing', cases, look.abbrOf, names)).toEqual([]);
  });
});
