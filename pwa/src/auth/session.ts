import type { TUser } from '@lawfirm/shared-types';
import { clearSnapshots } from '../app/snapshots.ts';
import { api, ApiError, setTokenSource } from '../ui/api.ts';

/**
 * The signed-in user is remembered in localStorage so the app (and its route guard) opens offline; the
 * access token lives only in memory, and the refresh token in an httpOnly cookie the page cannot read.
 */
const USER_KEY = 'lf_user';
let accessToken: string | null = null;
let refreshing: Promise<string | null> | null = null;
const listeners = new Set<() => void>();

export function storedUser(): TUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as TUser) : null;
  } catch {
    return null;
  }
}

export function setSession(user: TUser | null, token: string | null): void {
  // The case pages this device drew belong to the user who saw them: gone when they sign out or another signs in.
  if (storedUser()?.id !== user?.id) clearSnapshots();
  accessToken = token;
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_KEY);
  listeners.forEach((l) => l());
}

/** The current access token (memory only), for the sync engine's requests. */
export function getAccessToken(): string | null {
  return accessToken;
}

/** Stores a fresher copy of the user and keeps the current token. */
export function updateUser(user: TUser): void {
  setSession(user, accessToken);
}

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type TokenAnswer = { access_token: string; user: TUser };

/**
 * Asks for a new access token; one request at a time however many calls hit a 401 together. Null when the
 * server refused (the session ends); rejects when it could not be asked (offline, or a server error), and the
 * stored user stays so the app still opens.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= api<TokenAnswer>('/api/auth/refresh', { method: 'POST', auth: false })
    .then((r) => {
      setSession(r.user, r.access_token);
      return r.access_token;
    })
    .catch((e: unknown) => {
      if (!(e instanceof ApiError && e.status === 401)) throw e;
      setSession(null, null);
      return null;
    })
    .finally(() => (refreshing = null));
  return refreshing;
}

setTokenSource({
  get: () => accessToken,
  refresh: refreshAccessToken,
  signedIn: () => storedUser() !== null,
});

export async function login(email: string, password: string): Promise<TUser> {
  const r = await api<TokenAnswer>('/api/auth/login', {
    method: 'POST',
    json: { email, password },
    auth: false,
  });
  setSession(r.user, r.access_token);
  return r.user;
}

export async function logout(): Promise<void> {
  try {
    await api('/api/auth/logout', { method: 'POST' });
  } catch {
    // Offline logout still forgets the user on this device.
  }
  setSession(null, null);
}
