import { describe, expect, it } from 'vitest';
import { groupByCourt, groupByPlace, NO_COURT, orderedByPlace, placeOf, whereText } from './today-list.ts';

describe("Today's list by court and serial", () => {
  it('groups under each court, in the cause list order of serials, those without one last', () => {
    const groups = groupByCourt([
      { court: 'Lahore High Court', serial_no: 12, caseNumber: 'W.P. 5/2026' },
      { court: 'Civil Court Lahore', serial_no: null, caseNumber: 'C.S. 10/2025' },
      { court: 'Lahore High Court', serial_no: 3, caseNumber: 'W.P. 9/2026' },
      { court: null, caseNumber: 'C.R. 1/2024' },
      { court: 'Lahore High Court', serial_no: null, caseNumber: 'W.P. 10/2026' },
      { court: 'Lahore High Court', serial_no: null, caseNumber: 'W.P. 2/2026' },
      { court: 'Civil Court Lahore', serial_no: 40, caseNumber: 'C.S. 2/2025' },
    ]);
    expect(groups.map((g) => [g.court, g.hearings.map((h) => h.caseNumber)])).toEqual([
      ['Civil Court Lahore', ['C.S. 2/2025', 'C.S. 10/2025']],
      ['Lahore High Court', ['W.P. 9/2026', 'W.P. 5/2026', 'W.P. 2/2026', 'W.P. 10/2026']],
      [NO_COURT, ['C.R. 1/2024']],
    ]);
  });

  it('says where a hearing is', () => {
    expect(whereText({ court_room: 'Court Room 5', serial_no: 12 })).toBe('Court Room 5 · Serial 12');
    expect(whereText({ court_room: ' ', serial_no: null })).toBe('');
    expect(whereText({ serial_no: 7 })).toBe('Serial 7');
  });
});

describe('a day by place (today, tomorrow, the cause list PDF and the digest)', () => {
  const h = (id: string, court: string, serialNo: number | null, courtRoom: string | null = null) => ({
    id,
    kind: 'hearing' as const,
    court,
    courtRoom,
    serialNo,
    caseNo: `W.P. ${id}/2026`,
    title: `W.P. ${id}/2026 Case ${id}`,
  });

  it('walks the room with the lowest serial first, each by serial, no serial last, meetings left out', () => {
    const day = [
      h('1', 'Lahore High Court', 30, 'Room 7'),
      h('2', 'Lahore High Court', null, 'Room 7'),
      h('3', 'Civil Court', 2, 'Room 1'),
      h('4', 'Lahore High Court', 4, 'Room 7'),
      h('5', '', null),
      { ...h('6', 'Civil Court', 1), kind: 'meeting' as const },
    ];
    expect(groupByPlace(day).map((g) => [g.place, g.hearings.map((x) => x.id)])).toEqual([
      ['Civil Court · Room 1', ['3']],
      ['Lahore High Court · Room 7', ['4', '1', '2']],
      [NO_COURT, ['5']],
    ]);
    expect(orderedByPlace(day).map((x) => x.id)).toEqual(['3', '4', '1', '2', '5']);
    expect(placeOf({ court: 'Civil Court', courtRoom: ' ' })).toBe('Civil Court');
    // Without serials, by case number as read: 41 before 345.
    expect(orderedByPlace([h('345', 'LHC', null), h('41', 'LHC', null)]).map((x) => x.id)).toEqual([
      '41',
      '345',
    ]);
  });
});
