import { describe, expect, it } from 'vitest';
import { groupByCourt, NO_COURT, whereText } from './today-list.ts';

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
