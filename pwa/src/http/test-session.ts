import type { TSessionKeeper } from './client.ts';

/**
 * Test support (never imported by the app): a session kept in memory as auth/session.ts keeps it in the page,
 * and a fetch with the cookie jar a browser has, so the client's refresh runs against a real server in Node.
 */
export function memorySession(token: string | null, signedIn = true): TSessionKeeper & { ends: number } {
  const s = {
    ends: 0,
    token: () => token,
    signedIn: () => signedIn,
    renewed: (a: { access_token: string }) => {
      token = a.access_token;
      signedIn = true;
    },
    ended: () => {
      token = null;
      signedIn = false;
      s.ends += 1;
    },
  };
  return s;
}

/** A fetch that keeps the server's cookies (the httpOnly refresh cookie) and counts the requests per path. */
export function cookieFetch(base: typeof fetch = fetch) {
  const jar = new Map<string, string>();
  const counts = new Map<string, number>();
  const f: typeof fetch = async (input, init = {}) => {
    const url = new URL(input as string);
    counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await base(input, { ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const cleared = !value || attrs.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (cleared) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  return { fetch: f, jar, count: (path: string) => counts.get(path) ?? 0 };
}
