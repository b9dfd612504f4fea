import type { TUser } from '@lawfirm/shared-types';
import { clearSnapshots } from '../browser/snapshots.ts';
import { api, bindSession, type TTokenAnswer } from '../http/client.ts';

/**
 * The signed-in user is remembered in localStorage so the app (and its route guard) opens offline; the
 * access token lives only in memory, and the refresh token in an httpOnly cookie the page cannot read.
 */
const USER_KEY = 'lf_user';
let accessToken: string | null = null;
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

/** Stores a fresher copy of the user and keeps the current token. */
export function updateUser(user: TUser): void {
  setSession(user, accessToken);
}

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The app's one HTTP client (screens and the sync engine) reads the token here and reports what the server
// said of the session; it holds the one refresh.
bindSession({
  token: () => accessToken,
  signedIn: () => storedUser() !== null,
  renewed: (a) => setSession(a.user, a.access_token),
  ended: () => setSession(null, null),
});

export async function login(email: string, password: string): Promise<TUser> {
  const r = await api<TTokenAnswer>('/api/auth/login', {
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
