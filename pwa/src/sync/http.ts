/** How the sync code reaches the server; injectable so tests run it in Node against a real server. */
export type THttp = {
  baseUrl: string;
  fetch: typeof fetch;
  getToken: () => string | null;
  /**
   * A fresh access token, or null when the server refused to renew the session (signed out). Rejects when
   * the server could not be asked (no network): the sync then waits for the network, it does not pause for a
   * sign-in.
   */
  refreshToken?: () => Promise<string | null>;
};

/** No usable session: the queue waits (it is never dropped) until the same user signs in again. */
export class AuthPausedError extends Error {
  constructor() {
    super('Sign in again to sync. Your changes are kept on this device.');
  }
}

/** The server answered with an error; `status` >= 500 is worth retrying, most others are not. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A request that may wait a long time for a slow network, but not forever (a hung sync blocks other tabs). */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * A fetch with the bearer token. A missing or refused token is renewed once through refreshToken and the
 * request repeated; if that fails too the caller gets AuthPausedError. The token only ever travels in the
 * header of a live request: nothing queued holds it.
 */
export async function authedFetch(http: THttp, path: string, init: RequestInit = {}): Promise<Response> {
  const call = (token: string) => {
    const f = http.fetch; // unbound on purpose: window.fetch refuses to run with another `this`
    return f(http.baseUrl + path, {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${token}` },
      signal: init.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  };
  let token = http.getToken();
  let refreshed = false;
  if (!token) {
    token = (await http.refreshToken?.()) ?? null;
    refreshed = true;
  }
  if (!token) throw new AuthPausedError();
  let res = await call(token);
  if (res.status === 401 && !refreshed) {
    const fresh = (await http.refreshToken?.()) ?? null;
    if (!fresh) throw new AuthPausedError();
    res = await call(fresh);
  }
  if (res.status === 401) throw new AuthPausedError();
  return res;
}

async function errorOf(res: Response): Promise<HttpStatusError> {
  let message = `Request failed (${res.status}).`;
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not JSON (a proxy's error page): keep the status text.
  }
  return new HttpStatusError(res.status, message);
}

/** A JSON call; a non-2xx answer becomes HttpStatusError with the server's `message`. */
export async function jsonCall<T>(http: THttp, path: string, init: RequestInit = {}): Promise<T> {
  const res = await authedFetch(http, path, {
    ...init,
    headers: {
      Accept: 'application/json',
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

export { errorOf };
