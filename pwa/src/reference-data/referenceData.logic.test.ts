import { describe, expect, it } from 'vitest';
import { changedValues, draftOf, valuesOf, validateDraft, type TField } from '../ui/fields.ts';
import { nextDisplayOrder, sortByOrderThenTitle, sortByTitle, titleMatches } from './referenceData.logic.ts';

describe('reference list order', () => {
  it('sorts titles the way people read them', () => {
    const rows = [
      { id: '1', title: 'court 10' },
      { id: '2', title: 'Court 2' },
      { id: '3', title: 'anti-Terrorism Court' },
    ];
    expect(sortByTitle(rows).map((r) => r.title)).toEqual(['anti-Terrorism Court', 'Court 2', 'court 10']);
  });

  it('sorts by display order, then title when orders tie', () => {
    const rows = [
      { id: '1', title: 'Penal Code', display_order: 2 },
      { id: '2', title: 'Contract Act', display_order: 2 },
      { id: '3', title: 'Constitution', display_order: 1 },
    ];
    expect(sortByOrderThenTitle(rows).map((r) => r.title)).toEqual([
      'Constitution',
      'Contract Act',
      'Penal Code',
    ]);
  });

  it('puts an empty display order after the last row', () => {
    expect(nextDisplayOrder([])).toBe(0);
    expect(
      nextDisplayOrder([
        { id: '1', display_order: 4 },
        { id: '2', display_order: 0 },
      ]),
    ).toBe(5);
  });

  it('matches a title filter anywhere in the title, ignoring case', () => {
    expect(titleMatches({ id: '1', title: 'Pakistan Penal Code' }, 'penal')).toBe(true);
    expect(titleMatches({ id: '1', title: 'Pakistan Penal Code' }, 'civil')).toBe(false);
  });
});

describe('inline table drafts', () => {
  const columns: TField[] = [
    {
      key: 'module_id',
      label: 'Module',
      kind: 'select',
      required: 'Module field is required.',
      parse: Number,
    },
    { key: 'title', label: 'Title', kind: 'text', required: 'Title field is required.', maxLength: 10 },
    {
      key: 'display_order',
      label: 'Display Order',
      kind: 'number',
      whenEmpty: (d) => (d.module_id === '2' ? 7 : 0),
    },
    { key: 'note', label: 'Note', kind: 'text' },
  ];

  it("shows the spec's messages for missing required fields", () => {
    expect(validateDraft(columns, { module_id: '', title: '   ', display_order: '', note: '' })).toEqual({
      module_id: 'Module field is required.',
      title: 'Title field is required.',
    });
  });

  it('refuses a display order that is not a whole number of 0 or more, and over-long text', () => {
    const base = { module_id: '1', title: 'Adjourned', note: '' };
    for (const bad of ['-1', '1.5', 'abc', '99999999'])
      expect(validateDraft(columns, { ...base, display_order: bad })).toEqual({
        display_order: 'The display order must be a whole number of 0 or more.',
      });
    expect(validateDraft(columns, { ...base, display_order: '0' })).toEqual({});
    expect(validateDraft(columns, { ...base, title: 'x'.repeat(11), display_order: '' })).toHaveProperty(
      'title',
    );
  });

  it('stores trimmed text, numbers as numbers, and empty optional fields as their default or null', () => {
    expect(valuesOf(columns, { module_id: '2', title: ' Notice ', display_order: '', note: ' ' })).toEqual({
      module_id: 2,
      title: 'Notice',
      display_order: 7,
      note: null,
    });
    expect(valuesOf(columns, { module_id: '1', title: 'Notice', display_order: '3', note: 'x' })).toEqual({
      module_id: 1,
      title: 'Notice',
      display_order: 3,
      note: 'x',
    });
  });

  it('turns a row into a draft and sends only the fields the user changed', () => {
    const row = { id: 'r1', module_id: 1, title: 'Notice', display_order: 3, note: null };
    const draft = draftOf(columns, row);
    expect(draft).toEqual({ module_id: '1', title: 'Notice', display_order: '3', note: '' });
    expect(changedValues(row, valuesOf(columns, draft))).toEqual({});
    expect(changedValues(row, valuesOf(columns, { ...draft, title: 'Final Notice' }))).toEqual({
      title: 'Final Notice',
    });
  });
});
