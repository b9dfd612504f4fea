import type { TUser } from '@lawfirm/shared-types';

/**
 * The one HTTP client of the app, for the screens and the sync engine alike (DESIGN §3 step 4). It adds the
 * access token, renews it through one shared refresh (the refresh token lives in an httpOnly cookie the page
 * cannot read) and turns every failure into an ApiError whose message is the server's `message` field, as
 * the spec's notifications show it. Loading the app's own static files (PDF fonts) is not an API call and
 * stays plain fetch.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
  /** First message of a field in `validation_error` (or another error map such as contact_person_validation_error). */
  field(name: string, map = 'validation_error'): string | undefined {
    const m = this.body[map] as Record<string, string[]> | undefined;
    return m?.[name]?.[0];
  }
  /** The server could not be reached (no network, a dropped connection, a timeout). */
  get offline(): boolean {
    return this.status === 0;
  }
}

export const OFFLINE_MESSAGE = 'You are offline. Please check your network connection and try again.';

export type TTokenAnswer = { access_token: string; user: TUser };

/** Where the session lives (auth/session.ts in the app, a plain object in tests): the client only reads and reports. */
export type TSessionKeeper = {
  /** The current access token (memory only), or null. */
  token: () => string | null;
  /** A user is signed in on this device (the access token may still be missing: it lives in memory only). */
  signedIn: () => boolean;
  /** The server renewed the session. */
  renewed: (answer: TTokenAnswer) => void;
  /** The server refused to renew it: the session has ended. */
  ended: () => void;
};

export type RequestOptions = {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  json?: unknown;
  form?: Record<string, string | Blob>;
  /** A body sent as it is (upload chunks), with its own Content-Type in `headers`. */
  body?: BodyInit;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | null | undefined>;
  auth?: boolean;
  signal?: AbortSignal;
};

export type THttpClient = {
  /** A JSON call: the answer's body, or an ApiError. */
  api: <T = Record<string, unknown>>(path: string, opts?: RequestOptions) => Promise<T>;
  /** A call whose answer is read as it arrives (a download with progress): a success handed back unread. */
  download: (path: string, opts?: RequestOptions) => Promise<Response>;
  /** The answer whatever its status (uploads and event streams read the status themselves). */
  send: (path: string, opts?: RequestOptions) => Promise<Response>;
  /** A fresh access token, shared by every caller asking at once; null when the server ended the session. */
  refresh: () => Promise<string | null>;
};

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

function bodyOf(opts: RequestOptions, headers: Record<string, string>): BodyInit | undefined {
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    return JSON.stringify(opts.json);
  }
  if (opts.form) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(opts.form)) fd.append(k, v);
    return fd;
  }
  return opts.body;
}

/** An answer's body as JSON (a non-JSON body becomes `{message}`), and its failure as an ApiError. */
export async function readAnswer(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    data = { message: text.slice(0, 200) };
  }
  if (!res.ok)
    throw new ApiError(
      res.status,
      typeof data.message === 'string' ? data.message : `Request failed (${res.status}).`,
      data,
    );
  return data;
}

export function createHttpClient(config: {
  session: TSessionKeeper;
  /** Prefix of every path ('' in the app: same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
}): THttpClient {
  const { session, baseUrl = '' } = config;
  // Looked up at call time and called unbound: window.fetch refuses to run with another `this`.
  const fetchFn = (input: string, init: RequestInit) => (config.fetch ?? globalThis.fetch)(input, init);

  function sendOnce(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const body = bodyOf(opts, headers);
    Object.assign(headers, opts.headers);
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetchFn(baseUrl + buildUrl(path, opts.query), {
      method: opts.method ?? (body !== undefined ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: opts.signal,
    });
  }

  let refreshing: Promise<string | null> | null = null;
  /**
   * One refresh request however many calls (screens, the sync engine, its event stream) hit a 401 together:
   * the server rotates the refresh token on use, so a second request would spend a token already spent.
   * Null when the server refused (the session ends: the sync pauses and keeps its queue for the same user's
   * next sign-in); rejects when it could not be asked (offline, a server error) and the session stays.
   */
  function refresh(): Promise<string | null> {
    refreshing ??= send('/api/auth/refresh', { method: 'POST', auth: false })
      .then(readAnswer)
      .then((answer) => {
        const a = answer as TTokenAnswer;
        session.renewed(a);
        return a.access_token;
      })
      .catch((e: unknown) => {
        if (!(e instanceof ApiError && e.status === 401)) throw e;
        session.ended();
        return null;
      })
      .finally(() => (refreshing = null));
    return refreshing;
  }

  /**
   * The token to try again with after `refused` was refused. A call answered after the refresh its neighbour
   * started has ended takes that refresh's outcome (a new token, or the ended session) rather than spending
   * the rotated refresh token a second time; nobody signed in has nothing to renew. Null: the 401 is the answer.
   */
  function renewAfter(refused: string | null): Promise<string | null> {
    const now = session.token();
    if (now && now !== refused) return Promise.resolve(now);
    if (!now && !session.signedIn()) return Promise.resolve(null);
    return refresh().catch(() => null);
  }

  /** Sends with the access token, renewing it once on a 401; a network failure is an ApiError of status 0. */
  async function send(path: string, opts: RequestOptions = {}): Promise<Response> {
    const useAuth = opts.auth !== false;
    try {
      let token = useAuth ? session.token() : null;
      let renewed = false;
      // A page just loaded has no access token yet (memory only): a signed-in device renews it first, one
      // refresh shared by every call, rather than sending each call to be refused and then again (a round trip
      // saved on every fresh load). Refused: sent without, and the 401 is the answer; not asked (offline, a
      // server error): that error is the answer.
      if (useAuth && !token && session.signedIn()) {
        token = await refresh();
        renewed = true;
      }
      let res = await sendOnce(path, opts, token);
      if (res.status === 401 && useAuth && !renewed) {
        const fresh = await renewAfter(token);
        if (fresh) res = await sendOnce(path, opts, fresh);
      }
      return res;
    } catch (e) {
      if (e instanceof ApiError || (e instanceof DOMException && e.name === 'AbortError')) throw e;
      throw new ApiError(0, OFFLINE_MESSAGE);
    }
  }

  return {
    api: async <T>(path: string, opts?: RequestOptions) => (await readAnswer(await send(path, opts))) as T,
    download: async (path, opts) => {
      const res = await send(path, opts);
      if (!res.ok) await readAnswer(res);
      return res;
    },
    send,
    refresh,
  };
}

// The app's session until auth/session.ts binds itself (nobody signed in).
const appSession: TSessionKeeper = {
  token: () => null,
  signedIn: () => false,
  renewed: () => undefined,
  ended: () => undefined,
};

/** Binds the app's client to the signed-in session (auth/session.ts, at its import). */
export function bindSession(session: TSessionKeeper): void {
  Object.assign(appSession, session);
}

/** The app's client: same origin, the signed-in session. */
export const http: THttpClient = createHttpClient({ session: appSession });

export const api = http.api;
export const apiResponse = http.download;
