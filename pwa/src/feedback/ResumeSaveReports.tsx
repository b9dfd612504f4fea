import { useEffect } from 'react';
import { useSync } from '../sync/hooks.ts';
import { useToast } from './toast.tsx';

/** Where a local database's unanswered saves are kept (localStorage). */
export const saveReportsKey = (dbName: string) => `lf-save-reports:${dbName}`;

/**
 * Follows again the saves a previous page left unanswered (useSaveReport.ts), so their answer is still shown
 * after a reload. Rendered once, inside the sync and toast providers (App.tsx). The following code loads only
 * when such saves are stored, which most starts have none of.
 */
export function ResumeSaveReports(): null {
  const ctx = useSync();
  const toast = useToast();
  useEffect(() => {
    if (!ctx) return;
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(saveReportsKey(ctx.db.name));
    } catch {
      return;
    }
    if (!stored || stored === '[]') return;
    void import('./useSaveReport.ts').then((m) => m.resumeSaveReports(ctx, toast));
  }, [ctx, toast]);
  return null;
}
