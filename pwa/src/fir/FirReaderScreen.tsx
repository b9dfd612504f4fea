import { useNavigate } from 'react-router';
import { z } from 'zod';
import { MSG_FIR_SECTION_REQUIRED } from '@lawfirm/shared-types/fir/fir.entities.ts';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useFieldRows, type TRowDraft } from '../ui/forms/useFieldRows.tsx';
import { usePublicTools } from '../limitation/usePublicTools.ts';
import { keepSearch, keptSearchData, keptSections, type TSectionRow } from './firSearch.ts';
import '../limitation/public-tools.css';

const HEAD: TField[] = [
  { key: 'police_station', label: 'Police Station', maxLength: 200 },
  { key: 'fir_no', label: 'FIR No.', maxLength: 50 },
  { key: 'year', label: 'Year', maxLength: 4 },
];
// Needed, though the reader's form never marked it required: its rule refuses an empty one (stored as null).
const SECTION: TField = {
  key: 'section',
  label: 'Section',
  maxLength: 50,
  rule: z.string({ error: MSG_FIR_SECTION_REQUIRED }),
};
const STATUTE: TField = { key: 'statute_id', label: 'Statute', kind: 'select', placeholder: 'Any statute' };
type TRow = TRowDraft & TSectionRow;
let seq = 0;
const row = (r: TSectionRow): TRow => ({ key: `section-${++seq}`, id: null, ...r });

/**
 * The FIR reader's form (part 3 §2.16): the FIR's police station, number and year, and its sections, each with
 * its statute (any statute when none is chosen). Go checks every row has a section, keeps the search on the
 * device and opens the result. Works offline (usePublicTools).
 */
export function FirReaderScreen() {
  const navigate = useNavigate();
  const { data } = usePublicTools();
  // A query kept for the result screen, not a record: leaving never asks.
  const form = useFieldForm(
    HEAD,
    () => {
      const first = keptSearchData();
      return {
        police_station: first.police_station ?? '',
        fir_no: first.fir_no ?? '',
        year: first.year ?? '',
      };
    },
    { unguarded: true },
  );
  const rows = useFieldRows<TRow>([SECTION], () => keptSections().map(row));
  const statutes = [...(data?.statutes ?? [])]
    .sort((a, b) => Number(a.display_order ?? 0) - Number(b.display_order ?? 0))
    .map((s) => ({ value: s.id, label: String(s.title) }));
  const statuteField = { ...STATUTE, options: statutes };

  const go = () => {
    if (!rows.read()) return;
    const head = form.draft;
    keepSearch(
      rows.rows.map((r) => ({ section: r.section.trim(), statute_id: r.statute_id })),
      {
        police_station: (head.police_station ?? '').trim(),
        fir_no: (head.fir_no ?? '').trim(),
        year: (head.year ?? '').trim(),
      },
    );
    void navigate('/fir-reader-result');
  };

  return (
    <section className="page fir-reader">
      <h1>FIR Reader</h1>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          go();
        }}
      >
        <Field {...form.bind('police_station')} />
        <Field inputMode="numeric" {...form.bind('fir_no')} />
        <Field inputMode="numeric" {...form.bind('year')} />
        {rows.rows.map((r, i) => (
          <fieldset key={r.key} className="fir-section-row">
            <legend>Section {i + 1}</legend>
            <Field
              field={SECTION}
              value={r.section}
              onChange={(v) => rows.edit(r.key, { section: v })}
              error={rows.errors[`${r.key}.section`]}
              placeholder="e.g. 302 or 337-A(i)"
            />
            <Field
              field={statuteField}
              value={r.statute_id}
              onChange={(v) => rows.edit(r.key, { statute_id: v })}
            />
            {rows.rows.length > 1 && (
              <button
                type="button"
                className="btn danger"
                aria-label={`Remove section ${i + 1}`}
                onClick={() => rows.remove(r)}
              >
                Remove
              </button>
            )}
          </fieldset>
        ))}
        <div className="form-actions">
          <button
            type="button"
            className="btn"
            onClick={() => rows.add(row({ section: '', statute_id: '' }))}
          >
            Add
          </button>
          <button type="submit" className="btn primary">
            Go
          </button>
        </div>
      </form>
    </section>
  );
}
