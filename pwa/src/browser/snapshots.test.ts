import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOnWrite, SNAPSHOT_CACHE, SNAPSHOT_PATH, type TSnapshot } from './snapshots.ts';

const SW_SOURCE = readFileSync(new URL('../../public/snapshot-sw.js', import.meta.url), 'utf8');
const SHELL =
  '<!doctype html><html><head><title>eLawFirm</title>' +
  '<script type="module" crossorigin src="/assets/index-AbC123.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-Css1.css">' +
  '</head><body><div id="root"></div></body></html>';

type TFetchEvent = { request: Request; respondWith: (r: Promise<Response>) => void };

/** The service worker's snapshot script run against a fake CacheStorage holding the shell and `snapshots`. */
function serviceWorker(snapshots: Record<string, string>) {
  const listeners: Record<string, (e: unknown) => void> = {};
  const deleted: string[] = [];
  const caches = {
    match: (key: string, opts?: { cacheName?: string }) => {
      if (opts?.cacheName === SNAPSHOT_CACHE)
        return Promise.resolve(key in snapshots ? new Response(snapshots[key]) : undefined);
      return Promise.resolve(
        key === '/index.html' ? new Response(SHELL, { headers: { 'content-type': 'text/html' } }) : undefined,
      );
    },
    delete: (name: string) => {
      deleted.push(name);
      return Promise.resolve(true);
    },
  };
  const self = {
    location: { origin: 'https://firm.example' },
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn),
  };
  runInNewContext(SW_SOURCE, {
    self,
    caches,
    Headers,
    Response,
    URL,
    fetch: () => Promise.reject(new Error('offline')),
  });
  const navigate = async (path: string, mode = 'navigate'): Promise<string | null> => {
    const answered: { response?: Promise<Response> } = {};
    const event: TFetchEvent = {
      request: { url: `https://firm.example${path}`, mode, method: 'GET' } as Request,
      respondWith: (r) => {
        answered.response = r;
      },
    };
    listeners.fetch!(event);
    return answered.response ? (await answered.response).text() : null;
  };
  const activate = async () => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.activate!({ waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
    return deleted;
  };
  return { navigate, activate };
}

describe('the service worker serving a case page', () => {
  const snapshot: TSnapshot = {
    html: '<header class="site-header"></header><h1>Snapshot v. The State</h1>',
    styles: ['/assets/index-Css1.css', '/assets/case-files-X9.css', 'https://elsewhere.example/x.css'],
  };

  it('puts the snapshot in the page, inert, with its stylesheets, and starts the app after its first paint', async () => {
    const sw = serviceWorker({ '/petitions/abc': JSON.stringify(snapshot) });
    const page = (await sw.navigate('/petitions/abc'))!;
    expect(page).toContain('<div id="root" data-snapshot inert><header class="site-header"></header><h1>');
    // The chunk's stylesheet is added once; the shell's own is not repeated; another site's is never added.
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/case-files-X9.css"></head>');
    expect(page.split('index-Css1.css').length).toBe(2);
    expect(page).not.toContain('elsewhere.example');
    // The entry is preloaded, and run by snapshot-start.js instead of at once.
    expect(page).not.toContain('<script type="module" crossorigin src="/assets/index-AbC123.js">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/index-AbC123.js">');
    expect(page).toContain(
      '<script type="module" src="/snapshot-start.js" data-main="/assets/index-AbC123.js">',
    );
  });

  it('serves the app page as it is without a usable snapshot, and leaves other pages to the precache', async () => {
    const sw = serviceWorker({ '/petitions/broken': '{not json' });
    expect(await sw.navigate('/petitions/none')).toBe(SHELL);
    expect(await sw.navigate('/petitions/broken')).toBe(SHELL);
    expect(await sw.navigate('/petitions/create')).toBeNull();
    expect(await sw.navigate('/dashboard')).toBeNull();
    expect(await sw.navigate('/petitions/abc', 'cors')).toBeNull();
  });

  it('drops every snapshot when a new version of the app takes over', async () => {
    expect(await serviceWorker({}).activate()).toEqual([SNAPSHOT_CACHE]);
  });

  it('knows the same pages as the app', () => {
    expect(SW_SOURCE).toContain(`const SNAPSHOT_CACHE = '${SNAPSHOT_CACHE}';`);
    expect(SW_SOURCE).toContain(`const SNAPSHOT_PATH = ${String(SNAPSHOT_PATH)};`);
  });
});

describe('a write to the device', () => {
  afterEach(() => vi.unstubAllGlobals());
  const part = (table: string, keys: number) => ({ [`idb://lf-u1/${table}/`]: { d: keys } });

  it('to a table a screen shows retires the snapshots; the cursor, file bytes or nothing at all do not', async () => {
    const del = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('caches', { delete: del });
    clearOnWrite({ ...part('meta', 1), ...part('blobs', 2), ...part('files', 1), ...part('shadow', 0) });
    await new Promise((r) => setTimeout(r, 0));
    expect(del).not.toHaveBeenCalled();
    clearOnWrite({ ...part('meta', 1), ...part('petitions', 1) });
    await vi.waitFor(() => expect(del).toHaveBeenCalledWith(SNAPSHOT_CACHE));
  });
});
