import { describe, expect, it } from 'vitest';
import {
  categoriesForCourt,
  changedFields,
  courtToAdd,
  initialValues,
  PETITION_FIELDS,
  PETITION_RULES,
  petitionDraft,
  petitionRow,
  petitionValues,
  validatePetition,
} from './petitionForm.logic.ts';
import { draftErrors, valuesOf } from '../../ui/fields.ts';

describe('the petition form', () => {
  it('starts a new case in the current year', () => {
    expect(initialValues(null, 2026)).toMatchObject({ year: '2026', case_no: '', is_moot_case: false });
  });

  it("shows the server's messages for missing case no and title, and refuses a bad year or date", () => {
    const v = { ...initialValues(null, 2026), year: '26', institution_date: '31/02/2026' };
    expect(validatePetition(v)).toEqual({
      case_no: 'Case No field is required.',
      title: 'Title field is required.',
      year: 'The year is not valid.',
      institution_date: 'The date must be a real date (dd/mm/yyyy).',
    });
  });

  it('stores the date as ISO and empty choices as null', () => {
    const v = {
      ...initialValues(null, 2026),
      case_no: ' 12 ',
      title: 'Ali vs State',
      institution_date: '05/01/2026',
    };
    expect(petitionValues(v, ['l1'])).toEqual({
      case_no: '12',
      year: 2026,
      title: 'Ali vs State',
      court_id: null,
      petition_type_id: null,
      institution_date: '2026-01-05',
      is_moot_case: false,
      lawyer_ids: ['l1'],
    });
  });

  it('sends only changed fields on an edit (lists by content, 0/1 flags as booleans)', () => {
    const before = { title: 'A', lawyer_ids: ['x'], is_moot_case: 0, court_id: null };
    expect(
      changedFields(before, { title: 'A', lawyer_ids: ['x'], is_moot_case: false, court_id: null }),
    ).toEqual({});
    expect(
      changedFields(before, { title: 'B', lawyer_ids: ['x', 'y'], is_moot_case: true, court_id: 'c' }),
    ).toEqual({
      title: 'B',
      lawyer_ids: ['x', 'y'],
      is_moot_case: true,
      court_id: 'c',
    });
  });

  it('offers the case categories linked to the chosen court, keeping the saved one', () => {
    const cats = [{ id: 'wp' }, { id: 'cs' }, { id: 'old' }];
    const links = [
      { case_category_id: 'wp', court_id: 'lhc' },
      { case_category_id: 'cs', court_id: 'civil' },
    ];
    expect(categoriesForCourt(cats, links, 'lhc', '').map((c) => c.id)).toEqual(['wp']);
    expect(categoriesForCourt(cats, links, 'lhc', 'old').map((c) => c.id)).toEqual(['wp', 'old']);
    expect(categoriesForCourt(cats, links, '', '')).toEqual([]);
    expect(categoriesForCourt(cats, links, '', 'old').map((c) => c.id)).toEqual(['old']);
  });

  it('offers every category for a court linked to none (one just added from the form)', () => {
    const cats = [{ id: 'wp' }, { id: 'cs' }, { id: 'ba' }];
    const links = [{ case_category_id: 'wp', court_id: 'lhc' }];
    expect(categoriesForCourt(cats, links, 'new-court', '').map((c) => c.id)).toEqual(['wp', 'cs', 'ba']);
    // Once an admin links categories to it, only those (and the saved one) are offered.
    const linked = [...links, { case_category_id: 'ba', court_id: 'new-court' }];
    expect(categoriesForCourt(cats, linked, 'new-court', '').map((c) => c.id)).toEqual(['ba']);
    expect(categoriesForCourt(cats, linked, 'new-court', 'cs').map((c) => c.id)).toEqual(['cs', 'ba']);
  });

  it('offers to add a typed court only when no court has that name', () => {
    const courts = [{ title: 'LAHORE HIGH COURT' }, { title: 'District and Sessions Court' }];
    expect(courtToAdd('  District and  Sessions Court,   Lahore ', courts)).toBe(
      'District and Sessions Court, Lahore',
    );
    // The same name in other letters or spacing is the court that exists.
    expect(courtToAdd('lahore high court', courts)).toBeNull();
    expect(courtToAdd(' district and sessions   COURT', courts)).toBeNull();
    expect(courtToAdd('   ', courts)).toBeNull();
    // The courts' own rule: at most 255 characters.
    expect(courtToAdd('C'.repeat(255), courts)).toBe('C'.repeat(255));
    expect(courtToAdd('C'.repeat(256), courts)).toBeNull();
  });

  it('declares the same rules for the form kit: messages, stored values, lawyers as a list', () => {
    const draft = { ...petitionDraft(null, 2026, []), year: '26', institution_date: '31/02/2026' };
    expect(draftErrors(PETITION_FIELDS, draft, { schema: PETITION_RULES })).toEqual({
      case_no: 'Case No field is required.',
      title: 'Title field is required.',
      year: 'The year is not valid.',
      institution_date: 'The date must be a real date (dd/mm/yyyy).',
    });
    const ok = {
      ...petitionDraft(null, 2026, []),
      case_no: ' 12 ',
      title: 'Ali vs State',
      institution_date: '05/01/2026',
      lawyer_ids: 'l1,l2',
    };
    expect(draftErrors(PETITION_FIELDS, ok, { schema: PETITION_RULES })).toEqual({});
    expect(petitionRow(valuesOf(PETITION_FIELDS, ok))).toEqual({
      case_no: '12',
      year: 2026,
      title: 'Ali vs State',
      court_id: null,
      petition_type_id: null,
      institution_date: '2026-01-05',
      is_moot_case: false,
      lawyer_ids: ['l1', 'l2'],
    });
  });
});
