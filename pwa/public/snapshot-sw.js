// Imported by the service worker ahead of its precache routes (vite.config.ts, workbox.importScripts): a case
// page opened afresh is served as the app's page with the case as this device last drew it inside #root, and
// the stylesheets it was drawn with (pwa/src/browser/snapshots.ts keeps it, and deletes it as soon as the data
// behind it changes). The page is painted first; the app then starts (snapshot-start.js) and React replaces the
// snapshot with the live screen. Until then the snapshot is inert: a tap on it is not taken for a tap on the
// screen (main.tsx lifts that at React's first commit). With no snapshot, the app's page as the precache holds
// it, as for any screen.
/* global self, caches, Headers, Response, URL, fetch */
const SNAPSHOT_CACHE = 'lf-snapshots-v1'; // snapshots.ts SNAPSHOT_CACHE
const SNAPSHOT_PATH = /^\/petitions\/(?!create$)[^/]+$/; // snapshots.ts SNAPSHOT_PATH
const ROOT = '<div id="root"></div>';
const MAIN_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
// Headers of the stored page that do not describe the page made from it.
const DROPPED = ['content-encoding', 'content-length', 'etag', 'last-modified'];
const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The app's page with the snapshot in it, or null when either cannot be used. */
function withSnapshot(page, snapshot) {
  const main = MAIN_SCRIPT.exec(page);
  if (!main || !page.includes(ROOT) || typeof snapshot.html !== 'string') return null;
  const styles = (Array.isArray(snapshot.styles) ? snapshot.styles : [])
    .filter((href) => typeof href === 'string' && href.startsWith('/assets/') && !page.includes(href))
    .map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">`)
    .join('');
  // The app's entry is fetched and compiled at once but run after the first paint (snapshot-start.js).
  const start =
    `<link rel="modulepreload" crossorigin href="${main[1]}">` +
    `<script type="module" src="/snapshot-start.js" data-main="${main[1]}"></script>`;
  return page
    .replace(main[0], start)
    .replace('</head>', `${styles}</head>`)
    .replace(ROOT, `<div id="root" data-snapshot inert>${snapshot.html}</div>`);
}

/** The app's page from the precache, read once per service worker (a new version is a new worker). */
let shellRead = null;
function shellPage() {
  shellRead ??= caches.match('/index.html', { ignoreSearch: true }).then(async (r) => {
    if (!r) return null;
    const headers = new Headers(r.headers);
    for (const h of DROPPED) headers.delete(h);
    return { text: await r.text(), headers };
  });
  return shellRead.then((shell) => {
    if (!shell) shellRead = null;
    return shell;
  });
}

async function snapshotPage(request) {
  const path = new URL(request.url).pathname;
  const [stored, shell] = await Promise.all([
    caches.match(path, { cacheName: SNAPSHOT_CACHE }),
    shellPage().catch(() => null),
  ]);
  if (!shell) return fetch(request);
  let page = shell.text;
  if (stored) {
    try {
      page = withSnapshot(shell.text, await stored.json()) ?? shell.text;
    } catch {
      // An unreadable snapshot: the app's page alone, which draws the case from the device's data.
    }
  }
  return new Response(page, { status: 200, headers: shell.headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !SNAPSHOT_PATH.test(url.pathname)) return;
  event.respondWith(snapshotPage(request));
});

// A new version of the app: the snapshots name the old one's stylesheets, which its precache no longer holds.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(SNAPSHOT_CACHE));
});
