import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { TPublicSettings } from '@lawfirm/shared-types';
import { api } from '../ui/api.ts';

/**
 * The firm's public settings (site name, email, phone) that the header, landing page and Forbidden modal
 * show. Kept in localStorage so they still show offline.
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

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<TPublicSettings | null>(cached);
  useEffect(() => {
    api<{ setting: TPublicSettings }>('/api/settings')
      .then((r) => {
        setSettings(r.setting);
        localStorage.setItem(KEY, JSON.stringify(r.setting));
      })
      .catch(() => undefined);
  }, []);
  return <Ctx.Provider value={settings}>{children}</Ctx.Provider>;
}

export function useSettings(): TPublicSettings | null {
  return useContext(Ctx);
}
