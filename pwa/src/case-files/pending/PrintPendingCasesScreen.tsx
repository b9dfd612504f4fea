import { useEffect } from 'react';
import { useSettings } from '../../shell/useSettings.tsx';
import { usePrintPage } from '../shared/usePrintPage.ts';
import { PendingCasesTable } from './PendingCasesTable.tsx';
import { usePendingCases } from './usePendingCases.ts';
import '../case-files.css';

/** Part 1 §9: the print dialog opens this long after the list has loaded. */
export const PRINT_DELAY_MS = 1500;

/** /print-pending-cases: the Pending Cases table alone, printed automatically once it has loaded. */
export function PrintPendingCasesScreen() {
  const rows = usePendingCases();
  const siteName = useSettings()?.site_name ?? '';
  usePrintPage();
  useEffect(() => {
    document.title = siteName ? `Pending Cases | ${siteName}` : 'Pending Cases';
  }, [siteName]);
  const loaded = rows !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const t = window.setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [loaded]);
  return (
    <section className="page print-page">
      {siteName && <p className="print-site">{siteName}</p>}
      <h1>Pending Cases</h1>
      <PendingCasesTable rows={rows} />
    </section>
  );
}
