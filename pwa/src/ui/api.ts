/**
 * The one HTTP client of the app. It adds the access token, refreshes it once on a 401 (the refresh token
 * lives in an httpOnly cookie the page cannot read) and turns every failure into an ApiError whose message
 * is the server's `message` field, as the spec's notifications show it.
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
  get offline(): boolean {
    return this.status === 0;
  }
}

type TokenSource = {
  get: () => string | null;
  refresh: () => Promise<string | null>;
  /** A user is signed in on this device (its access token may still be missing: it lives in memory only). */
  signedIn: () => boolean;
};
let tokens: TokenSource = { get: () => null, refresh: async () => null, signedIn: () => false };
export function setTokenSource(source: TokenSource): void {
  tokens = source;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  json?: unknown;
  form?: Record<string, string | Blob>;
  query?: Record<string, string | number | boolean | null | undefined>;
  auth?: boolean;
  signal?: AbortSignal;
};

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(opts.form)) fd.append(k, v);
    body = fd;
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, opts.query), {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'same-origin',
    signal: opts.signal,
  });
}

/**
 * Sends a call with the access token, renewing it once on a 401; a network failure is an ApiError of status 0.
 * The answer is not read here.
 */
async function authorizedSend(path: string, opts: RequestOptions): Promise<Response> {
  const useAuth = opts.auth !== false;
  let res: Response;
  try {
    let token = useAuth ? tokens.get() : null;
    let renewed = false;
    // A page just loaded has no access token yet (memory only): a signed-in device renews it first, one refresh
    // shared by every call, rather than sending each call to be refused and then again (a round trip saved on
    // every fresh load of an online screen). Refused: sent without, and the 401 is the answer; not asked
    // (offline, a server error): that error is the answer.
    if (useAuth && !token && tokens.signedIn()) {
      token = await tokens.refresh();
      renewed = true;
    }
    res = await send(path, opts, token);
    if (res.status === 401 && useAuth && !renewed) {
      // Not renewed (refused, or not reachable): the 401 is the answer.
      const fresh = await tokens.refresh().catch(() => null);
      if (fresh) res = await send(path, opts, fresh);
    }
  } catch (e) {
    if (e instanceof ApiError || (e instanceof DOMException && e.name === 'AbortError')) throw e;
    throw new ApiError(0, 'You are offline. Please check your connection and try again.');
  }
  return res;
}

/** An answer's body as JSON (a non-JSON body becomes `{message}`), and its failure as an ApiError. */
async function readAnswer(res: Response): Promise<Record<string, unknown>> {
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

export async function api<T = Record<string, unknown>>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await readAnswer(await authorizedSend(path, opts))) as T;
}

/**
 * A call whose answer is a file read as it arrives (a download with progress): the same token handling and
 * errors as api(), and the answer handed back unread once it is a success.
 */
export async function apiResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
  const res = await authorizedSend(path, opts);
  if (!res.ok) await readAnswer(res);
  return res;
}
