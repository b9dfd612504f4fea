import { describe, expect, it } from 'vitest';
import {
  DATE_INVALID,
  draftOf,
  filterSuggestions,
  validateDraft,
  valuesOf,
  type TField,
} from '../ui/fields.ts';
import {
  moveItem,
  movesSettled,
  nextDisplayOrder,
  numberedAfterMove,
  reorderChanges,
  sortByOrder,
} from '../tables/rowOrder.ts';
import { DESCRIPTION_SUGGESTIONS, neighbours, titleFromFileName, annexureLabel } from './documents.logic.ts';
import { fileView, VIEW_HEAD_BYTES } from '../attachments/fileView.ts';

describe('description suggestions', () => {
  it('offers the suggestions that start with the typed text, ignoring case', () => {
    expect(filterSuggestions('app', DESCRIPTION_SUGGESTIONS)).toEqual([
      'Application for stay cm',
      'Application for Exemption',
    ]);
    expect(filterSuggestions('  POWER', DESCRIPTION_SUGGESTIONS)).toEqual(['Power of Attorney']);
  });
  it('matches by prefix only, not anywhere in the text', () => {
    expect(filterSuggestions('Attorney', DESCRIPTION_SUGGESTIONS)).toEqual([]);
    expect(filterSuggestions('stay', DESCRIPTION_SUGGESTIONS)).toEqual([]);
  });
  it('offers nothing for an empty field or a text that already is the only match', () => {
    expect(filterSuggestions('', DESCRIPTION_SUGGESTIONS)).toEqual([]);
    expect(filterSuggestions('   ', DESCRIPTION_SUGGESTIONS)).toEqual([]);
    expect(filterSuggestions('power of attorney', DESCRIPTION_SUGGESTIONS)).toEqual([]);
  });
});

const rows = (...orders: (number | null)[]) =>
  orders.map((display_order, i) => ({ id: `0190-${String(i).padStart(4, '0')}`, display_order }));

describe('ordering', () => {
  it('sorts by display order, then by id (creation time) for equal orders', () => {
    const list = [
      { id: 'c', display_order: 1 },
      { id: 'b', display_order: 0 },
      { id: 'a', display_order: 1 },
      { id: 'd', display_order: null },
    ];
    expect(sortByOrder(list).map((r) => r.id)).toEqual(['b', 'd', 'a', 'c']);
  });
  it('puts a new row after the last one', () => {
    expect(nextDisplayOrder([])).toBe(1);
    expect(nextDisplayOrder(rows(3, 1, 7))).toBe(8);
  });
  it('moves one item within a list', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('reorder -> new display orders', () => {
  it('writes only the rows whose position number changed', () => {
    const list = rows(1, 2, 3, 4);
    // Dragging the first row below the third: rows 2 and 3 move up, row 1 takes 3, row 4 stays.
    expect(reorderChanges(list, 0, 2)).toEqual([
      { id: list[1]?.id, display_order: 1 },
      { id: list[2]?.id, display_order: 2 },
      { id: list[0]?.id, display_order: 3 },
    ]);
  });
  it('moving up by one (the keyboard button) swaps two rows', () => {
    const list = rows(1, 2, 3);
    expect(reorderChanges(list, 2, 1)).toEqual([
      { id: list[2]?.id, display_order: 2 },
      { id: list[1]?.id, display_order: 3 },
    ]);
  });
  it('numbers rows that shared an order (REST defaults of 0) so the new order holds', () => {
    const list = rows(0, 0, 0);
    expect(reorderChanges(list, 2, 0)).toEqual([
      { id: list[2]?.id, display_order: 1 },
      { id: list[0]?.id, display_order: 2 },
      { id: list[1]?.id, display_order: 3 },
    ]);
  });
  it('writes nothing for a drop on the same row', () => {
    expect(reorderChanges(rows(1, 2), 1, 1)).toEqual([]);
  });
  it('keeps showing the moved order while a write is in flight, even when the live rows pass through it', () => {
    // Rows a, b, c. Move up on c twice: c a b. The first write has landed (a c b), the second not yet.
    const start = rows(1, 2, 3);
    const upTwice = numberedAfterMove(numberedAfterMove(start, 2, 1), 1, 0);
    const liveAfterFirst = numberedAfterMove(start, 2, 1);
    // Then Move down on c, quicker than the second write: the table shows a c b, which the live rows show now.
    const downOnce = numberedAfterMove(upTwice, 0, 1);
    expect(downOnce).toEqual(liveAfterFirst);
    // A write still to land (the second Move up, then the Move down): the moved order stays on screen.
    expect(movesSettled(liveAfterFirst, downOnce, 2)).toBe(false);
    // Every write stored and read back: the live rows are shown again.
    expect(movesSettled(liveAfterFirst, downOnce, 0)).toBe(true);
    // Not the same rows, or not the same numbers: not settled.
    expect(movesSettled(start, downOnce, 0)).toBe(false);
    expect(movesSettled(liveAfterFirst.slice(1), downOnce, 0)).toBe(false);
  });
});

describe('previous / next', () => {
  const list = rows(1, 2, 3);
  it('gives the neighbours in display order', () => {
    expect(neighbours(list, list[1]!.id)).toEqual({ previous: list[0]!.id, next: list[2]!.id });
  });
  it('has no previous on the first and no next on the last', () => {
    expect(neighbours(list, list[0]!.id)).toEqual({ previous: null, next: list[1]!.id });
    expect(neighbours(list, list[2]!.id)).toEqual({ previous: list[1]!.id, next: null });
  });
  it('has neither for an item not in the list (deleted meanwhile)', () => {
    expect(neighbours(list, 'gone')).toEqual({ previous: null, next: null });
  });
  it('follows a reorder', () => {
    const moved = sortByOrder(
      list.map((r) => ({
        ...r,
        display_order:
          reorderChanges(list, 2, 0).find((c) => c.id === r.id)?.display_order ?? r.display_order,
      })),
    );
    expect(neighbours(moved, list[0]!.id)).toEqual({ previous: list[2]!.id, next: list[1]!.id });
  });
});

describe('attachment titles', () => {
  it('is the file name without its extension', () => {
    expect(titleFromFileName('Scan 1.jpg')).toBe('Scan 1');
    expect(titleFromFileName('Order 12.3.2024.pdf')).toBe('Order 12.3.2024');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
    expect(titleFromFileName('C:\\fakepath\\Affidavit.docx')).toBe('Affidavit');
  });
});

describe('annexure labels', () => {
  it('names a bare letter as an annexure and keeps a full name', () => {
    expect(annexureLabel('A')).toBe('Annexure A');
    expect(annexureLabel(' Annex-B ')).toBe('Annex-B');
    expect(annexureLabel('annexure C')).toBe('annexure C');
  });
});

describe('row fields', () => {
  const fields: TField[] = [
    { key: 'document_description', label: 'Description', required: 'Description field is required.' },
    { key: 'date', label: 'Date', kind: 'date' },
    { key: 'page_info', label: 'Page', maxLength: 5 },
    { key: 'display_order', label: 'Display Order', kind: 'number' },
  ];
  it('requires the description and a real date', () => {
    expect(validateDraft(fields, { document_description: ' ', date: '31/02/2026' })).toEqual({
      document_description: 'Description field is required.',
      date: DATE_INVALID,
    });
    expect(validateDraft(fields, { document_description: 'x', page_info: '123456' }).page_info).toMatch(
      /greater than 5/,
    );
  });
  it('reads dates as dd/mm/yyyy and stores them as ISO dates, empty fields as null', () => {
    const row = { document_description: 'Power of Attorney', date: '2026-03-01', page_info: null };
    const draft = draftOf(fields, row);
    expect(draft).toEqual({
      document_description: 'Power of Attorney',
      date: '01/03/2026',
      page_info: '',
      display_order: '',
    });
    expect(valuesOf(fields, { ...draft, display_order: '4' })).toEqual({
      document_description: 'Power of Attorney',
      date: '2026-03-01',
      page_info: null,
      display_order: 4,
    });
  });
});

describe('how an attachment opens', () => {
  const head = (s: string | number[]) =>
    (typeof s === 'string' ? new TextEncoder().encode(s) : new Uint8Array(s)).subarray(0, VIEW_HEAD_BYTES);

  it('never as a page of the app: XML, XHTML, SVG and Word files are downloads of a type no browser renders', () => {
    for (const bytes of [
      '<?xml version="1.0"?><fir><no>12</no></fir>',
      '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
      [0x50, 0x4b, 0x03, 0x04, 0x14, 0],
    ])
      expect(fileView(head(bytes))).toEqual({ show: 'download', type: 'application/octet-stream' });
  });

  it('a PDF in a new tab and images inline, judged by their bytes', () => {
    expect(fileView(head('%PDF-1.7\n%âãÏÓ'))).toEqual({ show: 'tab', type: 'application/pdf' });
    expect(fileView(head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toEqual({
      show: 'image',
      type: 'image/png',
    });
    expect(fileView(head([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ show: 'image', type: 'image/jpeg' });
  });
});
