import { describe, expect, it } from 'vitest';
import { toValidationErrors } from '../common/validation.ts';
import { ZCourtInput, ZModuleTypeInput } from '../reference-data/reference-data.wire.ts';
import { MSG_DATE_INVALID } from './case-files.entities.ts';
import {
  MSG_YEAR_INVALID,
  ZAttachmentUpdate,
  ZIndexedDocumentInput,
  ZAddHearingInput,
  ZPetitionInput,
} from './case-files.wire.ts';

const errorsOf = (r: { success: boolean; error?: Parameters<typeof toValidationErrors>[0] }) =>
  r.success ? {} : toValidationErrors(r.error!);

describe('REST wire parsers', () => {
  it('read a date as dd/mm/yyyy, dd/mm/yy, yyyy-mm-dd or an ISO instant (the day it is in Pakistan)', () => {
    const dateOf = (order_sheet_date: string) =>
      ZAddHearingInput.parse({ petition_id: 'p1', order_sheet_date }).order_sheet_date;
    expect(dateOf('20/12/2026')).toBe('2026-12-20');
    expect(dateOf('20/12/26')).toBe('2026-12-20');
    expect(dateOf('2026-12-20')).toBe('2026-12-20');
    expect(dateOf('2026-12-19T19:00:00.000Z')).toBe('2026-12-20');
    const bad = ZAddHearingInput.safeParse({ petition_id: 'p1', order_sheet_date: '2026-12-19T25:00:00Z' });
    expect(errorsOf(bad)).toEqual({ order_sheet_date: [MSG_DATE_INVALID] });
  });

  it('decode the original client’s encodings into the values the row schemas check', () => {
    const r = ZPetitionInput.parse({
      case_no: 1234,
      year: '2024',
      title: ' Ali vs Province ',
      institution_date: '05/03/24',
      lawyer_ids: [7, { id: 'l2' }, '7'],
      petitioners: [
        { user: { name: 'Ali' } },
        { user: { name: '' } },
        { user: { name: { id: 'u1', name: 'Bo' } } },
      ],
      editMode: true,
    });
    expect(r).toEqual({
      id: null,
      case_no: '1234',
      year: 2024,
      title: 'Ali vs Province',
      institution_date: '2024-03-05',
      lawyer_ids: ['7', 'l2'],
      petitioners: [
        { name: 'Ali', user_id: null },
        { name: 'Bo', user_id: 'u1' },
      ],
    });
    expect(
      ZIndexedDocumentInput.parse({
        document_description: 'Plaint',
        annexure: 3,
        date: '',
        display_order: '2',
      }),
    ).toMatchObject({ annexure: '3', page_info: null, date: null, display_order: 2 });
  });

  it('leave a field the body did not send undefined, so an update keeps it', () => {
    const r = ZPetitionInput.parse({ case_no: '1', title: 'x' });
    for (const k of ['court_id', 'petition_type_id', 'institution_date', 'year', 'lawyer_ids'] as const)
      expect(r[k], k).toBeUndefined();
    expect(ZPetitionInput.parse({ case_no: '1', title: 'x', court_id: '' }).court_id).toBeNull();
    expect(ZAttachmentUpdate.parse({}).title).toBeUndefined();
    expect(ZAttachmentUpdate.parse({ title: '' }).title).toBeNull();
  });

  it('answer with the row schemas’ messages, and refuse what they cannot decode', () => {
    expect(errorsOf(ZPetitionInput.safeParse({ case_no: ' ', title: '' }))).toEqual({
      case_no: ['Case No field is required.'],
      title: ['Title field is required.'],
    });
    expect(errorsOf(ZPetitionInput.safeParse({ case_no: '1', title: 'x', year: 'abc' }))).toEqual({
      year: [MSG_YEAR_INVALID],
    });
    // In range is the row schema's rule, with the same words.
    expect(errorsOf(ZPetitionInput.safeParse({ case_no: '1', title: 'x', year: 1800 }))).toEqual({
      year: [MSG_YEAR_INVALID],
    });
    expect(
      errorsOf(ZIndexedDocumentInput.safeParse({ document_description: 'x', date: '31/02/2024' })),
    ).toEqual({ date: [MSG_DATE_INVALID] });
    expect(errorsOf(ZIndexedDocumentInput.safeParse({ annexure: 'x'.repeat(101) }))).toEqual({
      document_description: ['Description field is required.'],
      annexure: ['The field may not be greater than 100 characters.'],
    });
    expect(errorsOf(ZModuleTypeInput.safeParse({ title: 'x', module_id: '9' }))).toEqual({
      module_id: ['Module field is required.'],
    });
    expect(ZCourtInput.parse({ id: 5, title: ' High Court ', short_title: '' })).toEqual({
      id: '5',
      title: 'High Court',
      short_title: null,
    });
  });
});
