import { useState } from 'react';
import { useSync } from '../sync/hooks.ts';
import type { LocalDb } from '../sync/db.ts';
import { useToast } from '../feedback/toast.tsx';

export const DOWNLOADED = 'File Downloaded SuccessFully';

/**
 * Runs a PDF download built on the device (pwa/src/pdf, from the local database, so it works offline) with
 * the spec's notices, and keeps its button disabled meanwhile so a double tap makes one file.
 */
export function useDownload(): { busy: boolean; run: (build: (db: LocalDb) => Promise<unknown>) => void } {
  const ctx = useSync();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = (build: (db: LocalDb) => Promise<unknown>) => {
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    setBusy(true);
    void build(ctx.db)
      .then(() => toast.success(DOWNLOADED))
      .catch((e: unknown) => toast.failed(e))
      .finally(() => setBusy(false));
  };
  return { busy, run };
}
