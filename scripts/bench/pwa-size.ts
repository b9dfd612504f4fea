// The PWA's first load: the gzipped JavaScript a browser fetches to show /login and /dashboard, from the build
// output. The entry chunk and its static imports come from index.html and the chunks themselves; the chunks a
// route loads lazily are seen by loading the route in Chromium (service worker blocked, so its precache of
// every chunk is not counted).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import type { Row } from './table.ts';
import { CHROMIUM_ARGS } from '../chromium.ts';

export const INITIAL_JS_BUDGET_KB = 150;
const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');

export type PwaBuild = { distDir: string; note: string | null; cleanup: () => void };

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const f of readdirSync(path, { recursive: true, withFileTypes: true }))
    if (f.isFile()) newest = Math.max(newest, statSync(join(f.parentPath, f.name)).mtimeMs);
  return newest;
}

function viteBuild(outDir: string): void {
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    { cwd: root, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

/** The build this process measures, once found or made: every later part measures the same one. */
let measured: PwaBuild | null = null;

/**
 * BENCH_DIST_DIR when set (a build made elsewhere, measured as it is); else pwa/dist as `npm run build` made
 * it, built there when missing. When it is older than the sources, a fresh build goes to a temporary folder
 * instead (pwa/dist may be in use by a running server or end-to-end test). Found or made once per process:
 * later calls get the same build, with no note and nothing to clean up (the first caller removes it).
 */
export function ensurePwaBuild(): PwaBuild {
  if (measured) return { distDir: measured.distDir, note: null, cleanup: () => undefined };
  measured = findOrBuild();
  return measured;
}

function findOrBuild(): PwaBuild {
  const given = process.env.BENCH_DIST_DIR;
  if (given)
    return {
      distDir: resolve(given),
      note: `measured the build in ${given} (BENCH_DIST_DIR).`,
      cleanup: () => undefined,
    };
  const dist = join(root, 'pwa/dist');
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    viteBuild(dist);
    return {
      distDir: dist,
      note: 'pwa/dist was missing: built it with vite build.',
      cleanup: () => undefined,
    };
  }
  const sources = Math.max(
    ...['pwa/src', 'pwa/index.html', 'pwa/public', 'shared-types/src', 'vite.config.ts'].map((p) =>
      newestMtime(join(root, p)),
    ),
  );
  if (sources <= statSync(index).mtimeMs) return { distDir: dist, note: null, cleanup: () => undefined };
  const tmp = mkdtempSync(join(tmpdir(), 'lf-bench-pwa-'));
  viteBuild(tmp);
  return {
    distDir: tmp,
    note: 'pwa/dist is older than the sources: measured a fresh vite build in a temporary folder.',
    cleanup: () => rmSync(tmp, { recursive: true, force: true }),
  };
}

/** `/assets/x.js` -> its gzipped size in bytes (zlib's default level, as servers send it). */
function gzipped(distDir: string, urlPath: string): number {
  return gzipSync(readFileSync(join(distDir, urlPath))).length;
}

// Static imports and re-exports of a chunk: `import{a as b}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`.
// A dynamic `import(...)` is not matched: nothing but a quote may follow `import` before the specifier.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']([^"']+\.js)["']/g;

/** The entry scripts and modulepreloads of index.html, and every chunk they import statically, as URL paths. */
export function entryClosure(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const start = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path) || !existsSync(join(distDir, path))) return;
    seen.add(path);
    const code = readFileSync(join(distDir, path), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT))
      if (m[1]!.startsWith('.') || m[1]!.startsWith('/')) visit(posix.resolve(posix.dirname(path), m[1]!));
  };
  for (const s of start) visit(s.startsWith('/') ? s : `/${s}`);
  return [...seen];
}

/**
 * Records the same-origin scripts a page fetches, with when each was first asked for (wall clock, ms);
 * `quiet` waits until none has arrived for a second.
 */
function recordScripts(page: Page, origin: string) {
  const asked = new Map<string, number>();
  const paths = new Set<string>();
  let last = Date.now();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin && url.pathname.endsWith('.js') && !asked.has(url.pathname))
      asked.set(url.pathname, Date.now());
  });
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin && url.pathname.endsWith('.js')) {
      paths.add(url.pathname);
      last = Date.now();
    }
  });
  return {
    paths,
    /** The scripts first asked for before `wallMs`, and those asked for after. */
    split: (wallMs: number) => {
      const before = [...paths].filter((p) => (asked.get(p) ?? 0) < wallMs);
      return { before, after: [...paths].filter((p) => !before.includes(p)) };
    },
    quiet: async () => {
      const until = Date.now() + 15_000;
      while (Date.now() - last < 1000 && Date.now() < until) await page.waitForTimeout(100);
    },
  };
}

/** The scripts Chromium fetches to show /login, then /dashboard for a signed-in user in a fresh tab. */
async function routeScripts(
  base: string,
  executablePath: string,
  email: string,
  password: string,
): Promise<{ login: string[]; dashboard: string[]; dashboardAhead: string[] }> {
  const origin = new URL(base).origin;
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
  });
  try {
    const first = await browser.newContext({ baseURL: base, serviceWorkers: 'block' });
    const page = await first.newPage();
    const login = recordScripts(page, origin);
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await login.quiet();
    // What showed the login form; what signing in loads next belongs to the dashboard, not to /login.
    const loginPaths = [...login.paths];
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');
    const state = await first.storageState();
    await first.close();
    // A new context with the signed-in state: nothing comes from the first tab's memory cache.
    const second = await browser.newContext({ baseURL: base, serviceWorkers: 'block', storageState: state });
    const tab = await second.newPage();
    const dashboard = recordScripts(tab, origin);
    await tab.goto('/dashboard');
    await tab.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await dashboard.quiet();
    // The screens the dashboard loads ahead once it has settled (DashboardScreen's PRELOADED_TILES) are not
    // what it needs to start: scripts first asked for after its lf:idle-preload mark are left out.
    await tab.waitForFunction(() => performance.getEntriesByName('lf:preloaded').length > 0, undefined, {
      timeout: 30_000,
    });
    const idleAt = await tab.evaluate<number | null>(
      `(() => { const m = performance.getEntriesByName('lf:idle-preload')[0]; return m ? performance.timeOrigin + m.startTime : null; })()`,
    );
    await second.close();
    const { before, after } = dashboard.split(idleAt ?? Infinity);
    return { login: loginPaths, dashboard: before, dashboardAhead: after };
  } finally {
    await browser.close();
  }
}

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** Rows for the initial JavaScript of /login and /dashboard; `base` serves `distDir` with a firm to sign in to. */
export async function pwaSizeRows(
  build: PwaBuild,
  base: string,
  email: string,
  password: string,
): Promise<{ rows: Row[]; report: string[] }> {
  const { distDir } = build;
  const report: string[] = build.note ? [build.note] : [];
  const entry = entryClosure(distDir);
  const size = (paths: string[]) =>
    paths.filter((p) => existsSync(join(distDir, p))).reduce((n, p) => n + gzipped(distDir, p), 0);
  const rows: Row[] = [
    {
      what: `PWA entry chunk + its static imports (index.html), gzipped, ${entry.length} file(s)`,
      figure: kB(size(entry)),
      budget: '-',
      ok: null,
    },
  ];
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  let routes: { login: string[]; dashboard: string[]; dashboardAhead?: string[] } | null = null;
  if (!existsSync(chromiumPath))
    report.push('Chromium not found (CHROMIUM_PATH): lazily loaded route chunks unseen.');
  else
    try {
      routes = await routeScripts(base, chromiumPath, email, password);
    } catch (e) {
      report.push(`Loading the routes in Chromium failed (${String(e).split('\n')[0]}): lazy chunks unseen.`);
    }
  const seen = routes !== null;
  routes ??= { login: entry, dashboard: entry };
  for (const [route, paths] of [
    ['/login', routes.login],
    ['/dashboard', routes.dashboard],
  ] as const) {
    const bytes = size(paths);
    rows.push({
      what: `initial JS of ${route}, gzipped, ${paths.length} file(s) ${seen ? 'fetched by Chromium' : 'of the entry'}`,
      figure: kB(bytes),
      budget: `< ${INITIAL_JS_BUDGET_KB} kB`,
      ok: bytes < INITIAL_JS_BUDGET_KB * 1000,
    });
    report.push(
      `${route}: ${
        paths
          .filter((p) => existsSync(join(distDir, p)))
          .map((p) => `${posix.basename(p)} ${kB(gzipped(distDir, p))}`)
          .join(', ') || '(none)'
      }`,
    );
  }
  if (routes.dashboardAhead?.length)
    report.push(
      `/dashboard, loaded ahead when idle (not counted): ${routes.dashboardAhead
        .filter((p) => existsSync(join(distDir, p)))
        .map((p) => `${posix.basename(p)} ${kB(gzipped(distDir, p))}`)
        .join(', ')}`,
    );
  return { rows, report };
}
