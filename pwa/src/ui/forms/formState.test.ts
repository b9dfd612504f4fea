import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG_AMOUNT_INVALID, MSG_DATE_INVALID } from '@lawfirm/shared-types';
import { draftOf, type TField } from '../fields.ts';
import { changedSince, formDirty, formReducer, openForm, shownErrors } from './formState.ts';
import { rowErrors } from './useFieldRows.tsx';

const MSG_TITLE = 'The title field is required.';
const MSG_TITLE_LONG = 'The title may not be greater than 10 characters.';
const FIELDS: TField[] = [
  { key: 'title', label: 'Title' },
  { key: 'due', label: 'Due date', kind: 'date' },
  { key: 'amount', label: 'Amount', kind: 'money' },
  { key: 'paid', label: 'Paid', kind: 'checkbox' },
  { key: 'notes', label: 'Notes', kind: 'textarea' },
];
const SCHEMA = z.object({
  title: z.string(MSG_TITLE).max(10, MSG_TITLE_LONG),
  due: z.string().nullable(),
});
const ROW = { title: 'Fee', due: '2026-12-15', amount: 150_000, paid: false, notes: 'First hearing' };

describe('the form state behind useFieldForm', () => {
  it('is unsaved once a field differs from what it opened with, and not once it is typed back or saved', () => {
    let s = openForm(draftOf(FIELDS, ROW));
    expect(s.draft).toEqual({
      title: 'Fee',
      due: '15/12/2026',
      amount: '1500.00',
      paid: '',
      notes: 'First hearing',
    });
    expect(formDirty(s)).toBe(false);
    s = formReducer(s, { type: 'set', patch: { notes: 'Second hearing' } });
    expect(formDirty(s)).toBe(true);
    s = formReducer(s, { type: 'set', patch: { notes: 'First hearing' } });
    expect(formDirty(s)).toBe(false);
    s = formReducer(s, { type: 'set', patch: { paid: '1' } });
    expect(formDirty(s)).toBe(true);
    s = formReducer(s, { type: 'reset', draft: s.draft });
    expect(formDirty(s)).toBe(false);
  });

  it("shows the schema's own messages once a field is left or a save is tried, a field's own first", () => {
    let s = openForm(draftOf(FIELDS, {}));
    const rules = { schema: SCHEMA };
    // Nothing shows before the user has been anywhere.
    expect(shownErrors(FIELDS, s, rules)).toEqual({});
    s = formReducer(s, { type: 'touch', key: 'title' });
    expect(shownErrors(FIELDS, s, rules)).toEqual({ title: MSG_TITLE });
    s = formReducer(s, {
      type: 'set',
      patch: { title: 'A very long title', due: '31/02/2026', amount: '12.3.4' },
    });
    // Only the field left shows; the rest wait for the save.
    expect(shownErrors(FIELDS, s, rules)).toEqual({ title: MSG_TITLE_LONG });
    s = formReducer(s, { type: 'tried' });
    expect(shownErrors(FIELDS, s, rules)).toEqual({
      title: MSG_TITLE_LONG,
      due: MSG_DATE_INVALID,
      amount: MSG_AMOUNT_INVALID,
    });
    // A check across fields adds its message; the message follows the value as it is corrected.
    s = formReducer(s, { type: 'set', patch: { title: 'Fee', due: '', amount: '' } });
    expect(
      shownErrors(FIELDS, s, { ...rules, check: (d) => ({ notes: d.paid ? undefined : 'Tick it.' }) }),
    ).toEqual({ notes: 'Tick it.' });
  });

  it("keeps the server's message for a field until that field is edited", () => {
    let s = formReducer(openForm(draftOf(FIELDS, ROW)), { type: 'server', errors: { title: 'Taken.' } });
    expect(shownErrors(FIELDS, s, {})).toEqual({ title: 'Taken.' });
    s = formReducer(s, { type: 'set', patch: { notes: 'x' } });
    expect(shownErrors(FIELDS, s, {})).toEqual({ title: 'Taken.' });
    s = formReducer(s, { type: 'set', patch: { title: 'Fee 2' } });
    expect(shownErrors(FIELDS, s, {})).toEqual({});
  });

  it('gives only the changed fields, as stored values, for a partial save', () => {
    let s = openForm(draftOf(FIELDS, ROW));
    expect(changedSince(FIELDS, s)).toEqual({});
    s = formReducer(s, { type: 'set', patch: { amount: '1600', due: '01/01/2027', paid: '1' } });
    expect(changedSince(FIELDS, s)).toEqual({ amount: 160_000, due: '2027-01-01', paid: true });
    // Typed back to what it was: not sent.
    s = formReducer(s, { type: 'set', patch: { amount: '1500' } });
    expect(changedSince(FIELDS, s)).toEqual({ due: '2027-01-01', paid: true });
  });

  it('checks a field declared with `when` only while it holds, and stores a ticked box as true', () => {
    const fields: TField[] = [
      { key: 'edit', label: 'Edit client', kind: 'checkbox' },
      { key: 'phone', label: 'Client phone', kind: 'phone', when: (d) => d.edit === '1' },
    ];
    let s = formReducer(openForm({ edit: '', phone: '12' }), { type: 'tried' });
    expect(shownErrors(fields, s, {})).toEqual({});
    s = formReducer(s, { type: 'set', patch: { edit: '1' } });
    expect(shownErrors(fields, s, {}).phone).toMatch(/Pakistani/);
    s = formReducer(s, { type: 'set', patch: { phone: '0300-1234567' } });
    expect(shownErrors(fields, s, {})).toEqual({});
    expect(changedSince(fields, s)).toEqual({ edit: true, phone: '0300-1234567' });
  });

  it("checks a list's rows with the same rules, each message under its row", () => {
    const fields: TField[] = [
      { key: 'expense', label: 'Expense', required: 'The expense field is required.' },
      { key: 'amount', label: 'Expense amount', kind: 'money' },
    ];
    const rows = [
      { key: 'a', id: null, expense: 'Court fee', amount: '500' },
      { key: 'b', id: null, expense: ' ', amount: 'five' },
    ];
    expect(rowErrors(fields, rows)).toEqual({
      'b.expense': 'The expense field is required.',
      'b.amount': MSG_AMOUNT_INVALID,
    });
  });

  it('takes a newer copy of an untouched field as saved, keeping what the user typed elsewhere', () => {
    const fields: TField[] = [
      { key: 'name', label: 'Name' },
      { key: 'phone', label: 'Phone' },
    ];
    let s = formReducer(openForm({ name: 'A', phone: '' }), { type: 'set', patch: { phone: '0300' } });
    s = formReducer(s, { type: 'follow', patch: { name: 'B' } });
    expect(s.draft).toEqual({ name: 'B', phone: '0300' });
    expect(changedSince(fields, s)).toEqual({ phone: '0300' });
    s = formReducer(s, { type: 'set', patch: { phone: '' } });
    expect(formDirty(s)).toBe(false);
  });
});
