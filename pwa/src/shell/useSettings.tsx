import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PUBLIC_SETTINGS_FIELDS, type TPublicSettings, type TSettings } from '@lawfirm/shared-types';
import { useEntityRows } from '../sync/hooks.ts';
import { api } from '../http/client.ts';
import { whenIdle } from '../browser/whenIdle.ts';

/** The firm's settings row as the device holds it (synced fields plus the sync metadata). */
export type TSettingsRow = TSettings & {
  id: string;
  version?: number;
  field_versions?: Record<string, number>;
};

/**
 * The firm's public settings (site name, email, phone) that the header, landing page and Forbidden modal
 * show. Signed in, they come from the device's own copy of the settings row, so a save (even offline) shows at
 * once; signed out, from the server. Kept in localStorage so they still show offline and on a cold start.
 */
const KEY = 'lf_settings';
const Ctx = createContext<TPublicSettings | null>(null);

function cached(): TPublicSettings | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as TPublicSettings) : null;
  } catch {
    return null;
  }
}

/** The public part of the device's settings row (every shell screen shows it: no schema, no zod, here). */
const publicSettingsOf = (row: TSettingsRow): TPublicSettings =>
  Object.fromEntries(PUBLIC_SETTINGS_FIELDS.map((f) => [f, row[f] ?? null])) as TPublicSettings;

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [fetched, setFetched] = useState<TPublicSettings | null>(cached);
  // After the first screen is up (the kept copy shows meanwhile): a network call.
  useEffect(
    () =>
      whenIdle(() => {
        api<{ setting: TPublicSettings }>('/api/settings')
          .then((r) => {
            setFetched(r.setting);
            localStorage.setItem(KEY, JSON.stringify(r.setting));
          })
          .catch(() => undefined);
      }),
    [],
  );

  const row = useEntityRows<TSettingsRow>('settings')?.[0];
  const local = useMemo(() => (row ? publicSettingsOf(row) : null), [row]);
  const localText = local ? JSON.stringify(local) : null;
  useEffect(() => {
    if (localText) localStorage.setItem(KEY, localText);
  }, [localText]);

  return <Ctx.Provider value={local ?? fetched}>{children}</Ctx.Provider>;
}

export function useSettings(): TPublicSettings | null {
  return useContext(Ctx);
}
