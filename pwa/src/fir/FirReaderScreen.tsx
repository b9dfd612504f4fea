import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG_FIR_SECTION_REQUIRED } from '@lawfirm/shared-types/fir/fir.entities.ts';
import { SelectField, TextField } from '../ui/form.tsx';
import { usePublicTools } from '../limitation/usePublicTools.ts';
import { keepSearch, keptSearchData, keptSections, type TSectionRow } from './firSearch.ts';
import '../limitation/public-tools.css';

/**
 * The FIR reader's form (part 3 §2.16): the FIR's police station, number and year, and its sections, each with
 * its statute (any statute when none is chosen). Go checks every row has a section, keeps the search on the
 * device and opens the result. Works offline (usePublicTools).
 */
export function FirReaderScreen() {
  const navigate = useNavigate();
  const { data } = usePublicTools();
  const first = keptSearchData();
  const [station, setStation] = useState(first.police_station ?? '');
  const [firNo, setFirNo] = useState(first.fir_no ?? '');
  const [year, setYear] = useState(first.year ?? '');
  const [rows, setRows] = useState<TSectionRow[]>(keptSections);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const statutes = [...(data?.statutes ?? [])]
    .sort((a, b) => Number(a.display_order ?? 0) - Number(b.display_order ?? 0))
    .map((s) => ({ value: s.id, label: String(s.title) }));

  const setRow = (i: number, patch: Partial<TSectionRow>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const go = () => {
    const missing = Object.fromEntries(
      rows.flatMap((r, i) => (r.section.trim() ? [] : [[i, MSG_FIR_SECTION_REQUIRED]])),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return;
    keepSearch(
      rows.map((r) => ({ ...r, section: r.section.trim() })),
      { police_station: station.trim(), fir_no: firNo.trim(), year: year.trim() },
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
        <TextField label="Police Station" value={station} onChange={setStation} maxLength={200} />
        <TextField label="FIR No." value={firNo} onChange={setFirNo} maxLength={50} inputMode="numeric" />
        <TextField label="Year" value={year} onChange={setYear} maxLength={4} inputMode="numeric" />
        {rows.map((r, i) => (
          <fieldset key={i} className="fir-section-row">
            <legend>Section {i + 1}</legend>
            <TextField
              label="Section"
              value={r.section}
              onChange={(v) => setRow(i, { section: v })}
              onFocus={() => setErrors((e) => ({ ...e, [i]: '' }))}
              error={errors[i] || undefined}
              placeholder="e.g. 302 or 337-A(i)"
              maxLength={50}
            />
            <SelectField
              label="Statute"
              value={r.statute_id}
              onChange={(v) => setRow(i, { statute_id: v })}
              placeholder="Any statute"
              options={statutes}
            />
            {rows.length > 1 && (
              <button
                type="button"
                className="btn danger"
                aria-label={`Remove section ${i + 1}`}
                onClick={() => {
                  setRows((rs) => rs.filter((_, j) => j !== i));
                  setErrors({});
                }}
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
            onClick={() => setRows((rs) => [...rs, { section: '', statute_id: '' }])}
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
