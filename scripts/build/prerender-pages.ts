// The landing page prerendered at build time into landing.html, which the server sends for `/`
// (sync-server/src/plugins/static.ts): a first visit shows the page while the main script still loads, and
// React then renders the same page in its place. index.html stays the empty shell for every other route.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

export const LANDING_FILE = 'landing.html';
const ENTRY = '/src/landing/prerender.tsx';
const SCREEN = /\/src\/landing\/HomeScreen\.tsx$/;
const ROOT = '<div id="root"></div>';

/** The landing page's markup, rendered through Vite with the app's own config (aliases, virtual modules). */
export async function renderLanding(configFile: string): Promise<string> {
  const server = await createServer({
    configFile,
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule(ENTRY)) as { renderLandingMarkup: () => Promise<string> };
    return await mod.renderLandingMarkup();
  } finally {
    await server.close();
  }
}

/**
 * index.html with the markup inside #root, the resource hints React put before it (image preloads) moved into
 * the head, and `headTags` (preloads of the landing screen's chunk, so React finds it loaded) added there.
 */
export function landingHtml(indexHtml: string, markup: string, headTags: string[] = []): string {
  if (!indexHtml.includes(ROOT) || !indexHtml.includes('</head>'))
    throw new Error(`index.html has no ${ROOT} to prerender into`);
  const hints = /^(?:<link\b[^>]*>)*/.exec(markup)![0];
  const body = markup.slice(hints.length);
  // Functions, not strings, as replacements: `$&` in the page's text must stay text.
  return indexHtml
    .replace('</head>', () => `${hints}${headTags.join('')}</head>`)
    .replace(ROOT, () => `<div id="root">${body}</div>`);
}

/** Vite plugin: writes landing.html beside index.html after the bundle (and the service worker) is written. */
export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  let screenFiles: { js: string[]; css: string[] } = { js: [], css: [] };
  return {
    name: 'lawfirm:prerender-landing',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      config = c;
    },
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk' || !out.facadeModuleId || !SCREEN.test(out.facadeModuleId)) continue;
        screenFiles = { js: [out.fileName, ...out.imports], css: [...(out.viteMetadata?.importedCss ?? [])] };
      }
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config.configFile) throw new Error('prerendering the landing page needs the Vite config file');
        const dir = resolve(config.root, config.build.outDir);
        const indexHtml = readFileSync(join(dir, 'index.html'), 'utf8');
        const url = (f: string) => `${config.base}${f}`;
        const tags = [
          ...screenFiles.css
            .filter((f) => !indexHtml.includes(url(f)))
            .map((f) => `<link rel="stylesheet" crossorigin href="${url(f)}">`),
          ...screenFiles.js
            .filter((f) => !indexHtml.includes(url(f)))
            .map((f) => `<link rel="modulepreload" crossorigin href="${url(f)}">`),
        ];
        const markup = await renderLanding(config.configFile);
        writeFileSync(join(dir, LANDING_FILE), landingHtml(indexHtml, markup, tags));
      },
    },
  };
}
