/**
 * Case pages as this device last drew them, for the service worker to put on screen the moment a case is
 * opened afresh (a reload, a link, the installed app): issue 11 item 8. The service worker
 * (pwa/public/snapshot-sw.js) serves the app's page with the snapshot inside #root and the stylesheets it was
 * drawn with; once that is painted the app starts (snapshot-start.js) and React replaces it with the live
 * screen. Until then it is a picture: its buttons do nothing, its links are plain links.
 *
 * A snapshot is never older than the device's data: any write to a table a screen shows (a pull, an edit, a
 * queued change, from any tab) deletes every snapshot, and the open case page takes its own again once it has
 * drawn the new data. Signing out, or another user signing in, deletes them too. The header's sync state is
 * left out (it is only true when it is drawn), and so are dialogs and passing messages.
 *
 * Switch: SPEED_SNAPSHOTS=0 at build time (browser/speed.ts) keeps none; the service worker then has none to serve.
 */
import { PWA_SPEED } from './speed.ts';

export const SNAPSHOT_CACHE = 'lf-snapshots-v1';
/** The screens that leave a snapshot: a case file's page. The service worker's own copy: snapshot-sw.js. */
export const SNAPSHOT_PATH = /^\/petitions\/(?!create$)[^/]+$/;
/** Tables whose writes change nothing a screen shows: the sync cursor and file bytes. */
const UNSHOWN_TABLES = new Set(['meta', 'blobs', 'files']);

const available = (): boolean => typeof caches !== 'undefined';
let queue: Promise<unknown> = Promise.resolve();
/** Saves and deletions in the order asked, so a deletion is never overtaken by an older save. */
const enqueue = (job: () => Promise<unknown>): void => {
  queue = queue.then(job).catch(() => undefined);
};
/** Counts the changes seen: a save planned before the latest one is dropped (its screen is out of date). */
let generation = 0;

export function clearSnapshots(): void {
  generation++;
  if (available()) enqueue(() => caches.delete(SNAPSHOT_CACHE));
}

/**
 * Dexie's `storagemutated` parts (`idb://<db>/<table>/<index>` to a range set, `d` > 0 when it holds keys):
 * clears the snapshots when a write touched a table a screen reads.
 */
export function clearOnWrite(parts: Record<string, unknown>): void {
  for (const [part, range] of Object.entries(parts)) {
    const table = part.split('/')[3] ?? '';
    if (UNSHOWN_TABLES.has(table)) continue;
    if ((range as { d?: number } | null)?.d) return clearSnapshots();
  }
}

/** What the snapshot keeps of the screen: #root's markup without the header's state, dialogs and toasts. */
export function snapshotMarkup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const el of copy.querySelectorAll('dialog, [role="alert"], .toasts')) el.remove();
  for (const el of copy.querySelectorAll('.sync-status')) el.replaceChildren();
  return copy.innerHTML;
}

/** A snapshot as stored: the markup, and the app's stylesheets the screen was drawn with (its chunks' too). */
export type TSnapshot = { html: string; styles: string[] };

const stylesheets = (): string[] =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    .map((l) => new URL(l.href).pathname)
    .filter((p) => p.startsWith('/assets/'));

const whenIdle = (fn: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
};

/**
 * Keeps the screen now drawn at `path` as its snapshot, once the browser is idle, unless the data changed
 * meanwhile or the user moved on. Only on a device whose service worker can serve it.
 */
export function saveSnapshot(path: string): void {
  if (!PWA_SPEED.snapshots) return;
  if (!available() || !SNAPSHOT_PATH.test(path) || !navigator.serviceWorker?.controller) return;
  const planned = generation;
  whenIdle(() =>
    enqueue(async () => {
      const root = document.getElementById('root');
      if (!root || planned !== generation || window.location.pathname !== path) return;
      const snapshot: TSnapshot = { html: snapshotMarkup(root), styles: stylesheets() };
      const cache = await caches.open(SNAPSHOT_CACHE);
      if (planned !== generation) return;
      await cache.put(path, Response.json(snapshot));
    }),
  );
}
