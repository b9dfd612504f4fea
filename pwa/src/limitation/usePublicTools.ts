import { useEffect, useState } from 'react';
import type { TPublicToolsEntity } from '@lawfirm/shared-types/limitation/limitation.wire.ts';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import { api } from '../http/client.ts';

export type TToolsRow = Record<string, unknown> & { id: string };
export type TToolsData = Record<TPublicToolsEntity, TToolsRow[]>;

/** Where a visitor's device keeps the last snapshot, so the tools work offline after one visit. */
const KEPT_KEY = 'lf-public-tools';

function kept(): TToolsData | null {
  try {
    const text = localStorage.getItem(KEPT_KEY);
    return text ? (JSON.parse(text) as TToolsData) : null;
  } catch {
    return null;
  }
}

export const MSG_TOOLS_OFFLINE =
  'The calculator and the FIR reader need one visit while online to load their data.';

/**
 * The calculator's and the FIR reader's data: a signed-in device reads its synced tables (live, with the
 * admins' edits); a visitor's device reads the firm's public snapshot, fetched on each visit online and kept
 * in localStorage, so the page opened once works offline (the app shell comes from the service worker).
 */
export function usePublicTools(): { data: TToolsData | null; error: string | null } {
  const signedIn = !!useSync();
  const local: Partial<TToolsData> = {
    limitation_cases: useEntityRows('limitation_cases'),
    limitation_questions: useEntityRows('limitation_questions'),
    limitation_answers: useEntityRows('limitation_answers'),
    limitation_sub_answers: useEntityRows('limitation_sub_answers'),
    holidays: useEntityRows('holidays'),
    statutes: useEntityRows('statutes'),
    fir_sections: useEntityRows('fir_sections'),
  };
  const synced = Object.values(local).every((rows) => rows !== undefined) && !!local.fir_sections?.length;
  const [snapshot, setSnapshot] = useState<TToolsData | null>(kept);
  const [error, setError] = useState<string | null>(null);
  const needSnapshot = !signedIn || !synced;
  useEffect(() => {
    if (!needSnapshot) return;
    let live = true;
    api<TToolsData>('/api/public_tools', { auth: signedIn }).then(
      (data) => {
        if (!live) return;
        setSnapshot(data);
        try {
          localStorage.setItem(KEPT_KEY, JSON.stringify(data));
        } catch {
          // A full storage keeps the older copy; the page still works online.
        }
      },
      () => live && setError(MSG_TOOLS_OFFLINE),
    );
    return () => {
      live = false;
    };
  }, [needSnapshot, signedIn]);
  if (signedIn && synced) return { data: local as TToolsData, error: null };
  return { data: snapshot, error: snapshot ? null : error };
}
