// The public pages prerendered at build time into pages/<name>.html, which the server sends for their paths
// (sync-server/src/plugins/static.ts): a first visit shows the page while the main script still loads, and
// React then renders the same page in its place. index.html stays the empty shell for every other route.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

/** Each page: its path, and the screen module whose chunk it preloads so React finds it loaded. */
export const PRERENDERED = [
  { path: '/', screen: /\/src\/landing\/HomeScreen\.tsx$/ },
  { path: '/login', screen: /\/src\/auth\/LoginScreen\.tsx$/ },
  { path: '/sign-up', screen: /\/src\/auth\/SignUpScreen\.tsx$/ },
] as const;
/** The file the server looks for (pages/index.html for `/`). */
export const pageFile = (path: string) => `pages/${path === '/' ? 'index' : path.slice(1)}.html`;

const ENTRY = '/src/app/prerender.tsx';
const ROOT = '<div id="root"></div>';

/** The file naming every path the app has a screen for, read by the server (unknown paths answer 404). */
export const APP_PATHS_FILE = 'pages/app-paths.json';

/**
 * The pages' markup, rendered through Vite with the app's own config (aliases, virtual modules), and the app's
 * route patterns.
 */
export async function renderPages(
  configFile: string,
  paths: readonly string[],
): Promise<{ pages: Map<string, string>; appPaths: string[] }> {
  const server = await createServer({
    configFile,
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule(ENTRY)) as {
      renderPageMarkup: (path: string) => Promise<string>;
      appPaths: () => string[];
    };
    const out = new Map<string, string>();
    for (const p of paths) out.set(p, await mod.renderPageMarkup(p));
    return { pages: out, appPaths: mod.appPaths() };
  } finally {
    await server.close();
  }
}

/**
 * index.html with the markup inside #root, the resource hints React put before it (image preloads) moved into
 * the head, and `headTags` (preloads of the screen's chunk) added there. Forms are inert until React replaces
 * them: typing into one would be lost, and a native submit would put the password in the address.
 */
export function prerenderedHtml(indexHtml: string, markup: string, headTags: string[] = []): string {
  if (!indexHtml.includes(ROOT) || !indexHtml.includes('</head>'))
    throw new Error(`index.html has no ${ROOT} to prerender into`);
  const hints = /^(?:<link\b[^>]*>)*/.exec(markup)![0];
  const body = markup.slice(hints.length).replace(/<form\b/g, '<form inert=""');
  // Functions, not strings, as replacements: `$&` in the page's text must stay text.
  return indexHtml
    .replace('</head>', () => `${hints}${headTags.join('')}</head>`)
    .replace(ROOT, () => `<div id="root">${body}</div>`);
}

/**
 * The page's own stylesheets put inline (the CSP allows inline styles): the first paint then needs no request
 * after the HTML, so the page shows before the main script has even arrived.
 */
export function inlineStylesheets(html: string, read: (href: string) => string): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="(\/[^"]+\.css)">/g,
    (_tag, href: string) => `<style>${read(href).replace(/<\/style/gi, '<\\/style')}</style>`,
  );
}

/** Where a prerendered page names the scripts to fetch once it is painted (read by the start module). */
const AFTER_PAINT = 'lf-after-paint';

/**
 * The module that starts the app on a prerendered page once the page's content has been painted (its first
 * contentful paint): then it fetches the entry and the page's chunks (all at once, as modulepreloads) and runs
 * the entry. The visitor sees the page first; on a slow link the scripts do not take the HTML's bandwidth, on a
 * fast one they would arrive before the paint and run first. A tab in the background, a browser without paint
 * timing or a paint that has not come within a second start it at once.
 */
export function startScript(entryUrl: string): string {
  return `// Starts the app once the prerendered page has been painted (scripts/build/prerender-pages.ts).
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const meta of document.querySelectorAll('meta[name="${AFTER_PAINT}"]')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = meta.content;
    document.head.append(link);
  }
  void import(${JSON.stringify(entryUrl)});
};
if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) start();
else {
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 1000);
  document.addEventListener('visibilitychange', start, { once: true });
}
`;
}

/**
 * The prerendered page's entry script replaced by the start module, and its module preloads by names the start
 * module preloads after the first paint.
 */
export function startAfterPaint(html: string, startUrl: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html has no module entry script');
  const later = (href: string) => `<meta name="${AFTER_PAINT}" content="${href}">`;
  return html
    .replace(entry[0], () => `${later(entry[1]!)}<script type="module" src="${startUrl}"></script>`)
    .replace(/<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g, (_tag, href: string) => later(href));
}

/** Vite plugin: writes the pages beside index.html after the bundle (and the service worker) is written. */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  const screens = new Map<string, { js: string[]; css: string[] }>();
  let startFile = '';
  return {
    name: 'lawfirm:prerender-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      config = c;
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((o) => o.type === 'chunk' && o.isEntry);
      if (!entry) throw new Error('the bundle has no entry chunk');
      const ref = this.emitFile({
        type: 'asset',
        name: 'start.js',
        source: startScript(`${config.base}${entry.fileName}`),
      });
      startFile = this.getFileName(ref);
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk' || !out.facadeModuleId) continue;
        const page = PRERENDERED.find((p) => p.screen.test(out.facadeModuleId!));
        if (page)
          screens.set(page.path, {
            js: [out.fileName, ...out.imports],
            css: [...(out.viteMetadata?.importedCss ?? [])],
          });
      }
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config.configFile) throw new Error('prerendering the public pages needs the Vite config file');
        const dir = resolve(config.root, config.build.outDir);
        const indexHtml = readFileSync(join(dir, 'index.html'), 'utf8');
        const url = (f: string) => `${config.base}${f}`;
        const read = (href: string) => readFileSync(join(dir, href.slice(config.base.length)), 'utf8');
        const { pages, appPaths } = await renderPages(
          config.configFile,
          PRERENDERED.map((p) => p.path),
        );
        mkdirSync(join(dir, 'pages'), { recursive: true });
        writeFileSync(join(dir, APP_PATHS_FILE), JSON.stringify(appPaths));
        for (const [path, markup] of pages) {
          const files = screens.get(path) ?? { js: [], css: [] };
          const tags = [
            ...files.css
              .filter((f) => !indexHtml.includes(url(f)))
              .map((f) => `<link rel="stylesheet" crossorigin href="${url(f)}">`),
            ...files.js
              .filter((f) => !indexHtml.includes(url(f)))
              .map((f) => `<link rel="modulepreload" crossorigin href="${url(f)}">`),
          ];
          const page = startAfterPaint(prerenderedHtml(indexHtml, markup, tags), url(startFile));
          const html = inlineStylesheets(page, read);
          writeFileSync(join(dir, pageFile(path)), html);
        }
      },
    },
  };
}
