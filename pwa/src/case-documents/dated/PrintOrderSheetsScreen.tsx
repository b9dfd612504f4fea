import { useEffect } from 'react';
import { useParams } from 'react-router';
import { formatDate, ORDER_SHEETS } from '@lawfirm/shared-types';
import { PRINT_DELAY_MS } from '../../case-files/pending/PrintPendingCasesScreen.tsx';
import { usePrintPage } from '../../case-files/shared/usePrintPage.ts';
import { useSettings } from '../../shell/useSettings.tsx';
import { useEntityRow } from '../../sync/hooks.ts';
import { usePetition, usePetitionTitle } from '../useCaseDocuments.ts';
import { dateOf, typeIdOf } from './dated.logic.ts';
import { useDatedRows, useModuleTypes } from './useDated.ts';
import './dated.css';

/**
 * /print-order-sheets/{petition_id} (part 2 §2.1): the site name, the case file and its 'Dates Of Hearing'
 * (Sr. No., Date, Type), printed automatically 1.5 s after it has loaded, from the local database.
 */
export function PrintOrderSheetsScreen() {
  const { petition_id: petitionId = '' } = useParams();
  const m = ORDER_SHEETS;
  const rows = useDatedRows(m, petitionId);
  const types = useModuleTypes(m);
  const petition = usePetition(petitionId);
  const caseTitle = usePetitionTitle(petition);
  const court = useEntityRow<{ id: string; title: string }>('courts', petition?.court_id ?? undefined);
  const siteName = useSettings()?.site_name ?? '';
  usePrintPage();
  const loaded = rows !== undefined && petition !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const t = window.setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [loaded]);
  return (
    <section className="page print-page print-sheets">
      {siteName && <p className="print-site">{siteName}</p>}
      <h1>{caseTitle}</h1>
      {court && <p>{court.title}</p>}
      <h2>Dates Of Hearing</h2>
      {rows === undefined ? (
        <p role="status">Loading....</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Sr. No.</th>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={3}>No Records found.</td>
              </tr>
            )}
            {rows.map((r, i) => {
              const type = typeIdOf(m, r);
              return (
                <tr key={r.id}>
                  <td>{i + 1}</td>
                  <td>{formatDate(dateOf(m, r))}</td>
                  <td>{(type && types.titles.get(type)) ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
