import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  FIR_PDF_TITLE,
  FIR_RESULT_FIELDS,
  firLine,
  type TFirResultGroup,
} from '@lawfirm/shared-types/fir/fir-result.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { usePublicTools } from '../limitation/usePublicTools.ts';
import { firResultGroups, keptSearchData, keptSections } from './firSearch.ts';
import '../limitation/public-tools.css';

/** The result as a WhatsApp message: the FIR and each section with its bail and arrest lines. */
function shareText(fir: string, groups: TFirResultGroup[]): string {
  const lines = [FIR_PDF_TITLE, fir];
  for (const g of groups)
    for (const s of g.sections)
      lines.push(`${g.statute} s.${s.fir_no}: ${s.title} (${s.bailable_info ?? ''}; ${s.arrest_info ?? ''})`);
  return lines.filter(Boolean).join('\n');
}

/**
 * The FIR reader's result (part 3 §2.16): the FIR, its sections grouped by statute with each section's
 * classification, a WhatsApp share link, a PDF made on the device by the shared builder (the same file as the
 * server's, offline too), Contact Us for visitors, Back, and the no-result state.
 */
export function FirResultScreen() {
  const { user } = useAuth();
  const { data, error } = usePublicTools();
  const [search] = useState(keptSearchData);
  const [rows] = useState(keptSections);
  const [busy, setBusy] = useState(false);
  const groups = useMemo(
    () => (data ? firResultGroups(data.fir_sections, data.statutes, rows) : []),
    [data, rows],
  );
  const fir = firLine(search);

  const download = async () => {
    setBusy(true);
    try {
      const [{ buildFirResultPdf }, { pdfFontBytes }, { saveFile }] = await Promise.all([
        import('@lawfirm/shared-types/fir/fir-result.pdf.ts'),
        import('../pdf/fonts.ts'),
        import('../pdf/save-file.ts'),
      ]);
      const bytes = await buildFirResultPdf({
        siteName: null,
        search,
        groups,
        loadBytes: async (a) => (a.kind === 'font' ? pdfFontBytes(a.font) : null),
      });
      saveFile(bytes, `${FIR_PDF_TITLE}.pdf`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page fir-result">
      <h1>FIR Reader Result</h1>
      {fir && <p className="fir-line">{fir}</p>}
      {!data && <p role="status">{error ?? 'Loading....'}</p>}
      {data && !groups.length && <p role="status">Records Not Found!</p>}
      {groups.map((g) => (
        <div key={g.statute} className="fir-group">
          <h2>{g.statute}</h2>
          {g.sections.map((s) => (
            <article key={s.fir_no} className="card fir-card" aria-label={`Section ${s.fir_no}`}>
              <h3>
                Section {s.fir_no}: {s.title}
              </h3>
              <dl>
                {FIR_RESULT_FIELDS.map(([k, label]) => (
                  <div key={k}>
                    <dt>{label}</dt>
                    <dd>{String(s[k] ?? 'Not set')}</dd>
                  </div>
                ))}
              </dl>
              {s.link && (
                <a className="tap-link" href={s.link} target="_blank" rel="noopener noreferrer">
                  Watch the video on section {s.fir_no}
                </a>
              )}
            </article>
          ))}
        </div>
      ))}
      <div className="form-actions tool-actions">
        <a
          className="btn"
          href={`https://wa.me/?text=${encodeURIComponent(shareText(fir, groups))}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Share on WhatsApp
        </a>
        <button
          type="button"
          className="btn primary"
          disabled={busy || !data}
          onClick={() => void download()}
        >
          Download PDF
        </button>
        {!user && (
          <Link className="btn" to="/#contact">
            Contact Us
          </Link>
        )}
        <Link className="btn" to="/fir-reader">
          Back
        </Link>
      </div>
    </section>
  );
}
