import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { can, MSG } from '@lawfirm/shared-types';
import { sectionKey } from '@lawfirm/shared-types/fir/fir-match.ts';
import { FIR_RESULT_FIELDS } from '@lawfirm/shared-types/fir/fir-result.ts';
import { cutTitle, FIR_SECTIONS_PER_PAGE } from '@lawfirm/shared-types/fir/fir.wire.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { deleteLocal } from '../sync/actions.ts';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import { EditDeleteCell } from '../tables/EditDeleteCell.tsx';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { Modal } from '../feedback/Modal.tsx';
import { Paginator } from '../tables/Paginator.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import type { TToolsRow } from '../limitation/usePublicTools.ts';
import '../limitation/public-tools.css';
import { compareNatural } from '@lawfirm/shared-types/common/natural-order.ts';

/** A stored value as text ('' for anything else). */
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

type TFilters = { section: string; title: string; statute_id: string };
const NONE: TFilters = { section: '', title: '', statute_id: '' };

/** The sections the filters keep: the section number begins with what was typed (337 finds 337-A(i)). */
export function filterFirSections(rows: readonly TToolsRow[], f: TFilters): TToolsRow[] {
  const key = sectionKey(f.section);
  const words = f.title.trim().toLowerCase();
  return rows
    .filter((r) => !f.statute_id || r.statute_id === f.statute_id)
    .filter((r) => !key || sectionKey(String(r.fir_no)).startsWith(key))
    .filter((r) => !words || String(r.title).toLowerCase().includes(words))
    .sort((a, b) => compareNatural(String(a.fir_no), String(b.fir_no)));
}

/**
 * FIR sections (part 3 §2.17): filters Section, Title/Offences and Statute with Search and Reset, a paged list
 * with titles cut at 50 characters, View Detail for everyone (a dialog 90vw wide), Edit and Delete for admins.
 * Read from the device's database, so it works offline.
 */
export function FirSectionsScreen() {
  const { actor } = useAuth();
  const ctx = useSync();
  const admin = can(actor, 'referenceData.manage');
  const rows = useEntityRows<TToolsRow>('fir_sections');
  const statutes = useEntityRows<TToolsRow>('statutes');
  const [filters, setFilters] = useState<TFilters>(NONE);
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<TToolsRow | null>(null);
  const del = useConfirmedDelete(
    async (row: TToolsRow) => {
      if (ctx) await deleteLocal(ctx.db, 'fir_sections', row.id);
    },
    MSG.deletedOk,
    () => undefined,
    { detail: (r) => `Section ${String(r.fir_no)}` },
  );
  const fields = useMemo<TField[]>(
    () => [
      { key: 'section', label: 'Section' },
      { key: 'title', label: 'Title/Offences' },
      {
        key: 'statute_id',
        label: 'Statute',
        kind: 'select',
        placeholder: 'All statutes',
        options: (statutes ?? []).map((s) => ({ value: s.id, label: String(s.title) })),
      },
    ],
    [statutes],
  );
  // A search, not the user's work: leaving never asks.
  const form = useFieldForm(fields, { ...NONE }, { unguarded: true });
  const statuteTitle = useMemo(
    () => new Map((statutes ?? []).map((s) => [s.id, String(s.title)])),
    [statutes],
  );
  const found = useMemo(() => filterFirSections(rows ?? [], filters), [rows, filters]);
  const last = Math.max(1, Math.ceil(found.length / FIR_SECTIONS_PER_PAGE));
  const shown = found.slice((page - 1) * FIR_SECTIONS_PER_PAGE, page * FIR_SECTIONS_PER_PAGE);
  // After a search the results come into view (on a phone the filters fill the first screen).
  const results = useRef<HTMLDivElement>(null);
  const [searched, setSearched] = useState(0);
  useEffect(() => {
    if (searched) results.current?.scrollIntoView({ block: 'start' });
  }, [searched]);
  const search = (f: TFilters) => {
    setFilters(f);
    setPage(1);
    setSearched((n) => n + 1);
  };

  return (
    <section className="page fir-sections">
      <div className="row-between">
        <h1>FIR Sections</h1>
        {admin && (
          <Link className="btn primary" to="/fir-section/create">
            Add FIR Section
          </Link>
        )}
      </div>
      <form
        className="form filters"
        onSubmit={(e) => {
          e.preventDefault();
          const { draft } = form;
          search({
            section: draft.section ?? '',
            title: draft.title ?? '',
            statute_id: draft.statute_id ?? '',
          });
        }}
      >
        <Field {...form.bind('section')} />
        <Field {...form.bind('title')} />
        <Field {...form.bind('statute_id')} />
        <div className="form-actions tool-actions">
          <button type="submit" className="btn primary">
            Search
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              form.reset();
              search(NONE);
            }}
          >
            Reset
          </button>
        </div>
      </form>
      <div ref={results} />
      <ListTable
        caption="FIR Sections"
        columns={['Section', 'Title', 'Statute', 'Action']}
        loading={rows === undefined}
        empty={found.length === 0}
      >
        {shown.map((r) => (
          <tr key={r.id}>
            <td data-label="Section">{String(r.fir_no)}</td>
            <td data-label="Title" title={String(r.title)}>
              {cutTitle(String(r.title))}
            </td>
            <td data-label="Statute">{statuteTitle.get(String(r.statute_id)) ?? ''}</td>
            <EditDeleteCell
              label="Action"
              name={`section ${String(r.fir_no)}`}
              before={
                <button type="button" className="btn" onClick={() => setDetail(r)}>
                  View Detail
                </button>
              }
              editTo={admin ? `/fir-section/edit/${r.id}` : null}
              onDelete={admin ? () => del.ask(r) : null}
              busy={del.busy}
            />
          </tr>
        ))}
      </ListTable>
      <Paginator current_page={page} last_page={last} onPage={setPage} />
      <Modal
        open={!!detail}
        title={detail ? `Section ${String(detail.fir_no)}: ${String(detail.title)}` : ''}
        onClose={() => setDetail(null)}
      >
        {detail && (
          <div className="fir-card fir-detail">
            <dl>
              <div>
                <dt>Statute</dt>
                <dd>{statuteTitle.get(String(detail.statute_id)) ?? ''}</dd>
              </div>
              {detail.defination ? (
                <div>
                  <dt>Definition</dt>
                  <dd>{text(detail.defination)}</dd>
                </div>
              ) : null}
              {FIR_RESULT_FIELDS.map(([k, label]) => (
                <div key={k}>
                  <dt>{label}</dt>
                  <dd>{text(detail[k]) || 'Not set'}</dd>
                </div>
              ))}
              {detail.note ? (
                <div>
                  <dt>Note</dt>
                  <dd>{text(detail.note)}</dd>
                </div>
              ) : null}
            </dl>
          </div>
        )}
      </Modal>
      {del.dialog}
    </section>
  );
}
