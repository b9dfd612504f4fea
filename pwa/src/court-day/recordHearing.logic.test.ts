import { describe, expect, it } from 'vitest';
import type { TOrderSheetRow } from '../case-files/caseFiles.types.ts';
import { groupByPlace, recordTargets, unrecordedText, type TPlaced } from './recordHearing.logic.ts';

const sheet = (id: string, date: string, more: Partial<TOrderSheetRow> = {}) =>
  ({ id, petition_id: 'p', order_sheet_date: date, ...more }) as TOrderSheetRow;

describe('what a record of the hearing writes', () => {
  it('takes the day’s sheet (the lower id of two) and the first later bare sheet', () => {
    const t = recordTargets(
      [
        sheet('b', '2026-11-30'),
        sheet('a', '2026-11-30'),
        sheet('d', '2026-12-20'),
        sheet('c', '2026-12-05'),
      ],
      '2026-11-30',
    );
    expect([t.hearing?.id, t.next?.id]).toEqual(['a', 'c']);
  });
  it('makes new sheets when there is none of the day, and never moves a sheet with an order on it', () => {
    const t = recordTargets([sheet('c', '2026-12-05', { description: 'Notice issued' })], '2026-11-30');
    expect(t).toEqual({ hearing: null, next: null });
    expect(
      recordTargets([sheet('x', '2026-11-30', { deleted_at: '2026-11-29' })], '2026-11-30').hearing,
    ).toBeNull();
  });
});

describe('Today’s list by court and serial', () => {
  const h = (
    id: string,
    court: string,
    serialNo: number | null,
    courtRoom: string | null = null,
  ): TPlaced => ({
    id,
    kind: 'hearing',
    court,
    courtRoom,
    serialNo,
    caseNo: id,
    title: id,
  });
  it('groups per court and room, by serial with no serial last, the lowest serial’s court first', () => {
    const groups = groupByPlace([
      h('1', 'Lahore High Court', null, 'Court Room 5'),
      h('2', 'Civil Court', 7),
      h('3', 'Lahore High Court', 3, 'Court Room 5'),
      h('4', 'Lahore High Court', 12, 'Court Room 5'),
      h('5', 'Banking Court', null),
      { ...h('6', 'Civil Court', 1), kind: 'meeting' },
    ]);
    expect(groups.map((g) => [g.place, g.hearings.map((x) => x.id)])).toEqual([
      ['Lahore High Court · Court Room 5', ['3', '4', '1']],
      ['Civil Court', ['2']],
      ['Banking Court', ['5']],
    ]);
  });
});

describe('the dashboard’s warning', () => {
  it('counts in words, singular and plural, and says nothing for none', () => {
    expect(unrecordedText(2)).toBe('2 hearings today not recorded');
    expect(unrecordedText(1)).toBe('1 hearing today not recorded');
    expect(unrecordedText(0)).toBeNull();
  });
});
