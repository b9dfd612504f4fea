import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import {
  inlineStylesheets,
  PRERENDERED,
  prerenderedHtml,
  renderPages,
  startAfterPaint,
  startScript,
} from '../../../scripts/build/prerender-pages.ts';

const root = resolve(import.meta.dirname, '../../..');
const template = readFileSync(resolve(root, 'pwa/index.html'), 'utf8');
const pages = new Map<string, string>();

/** What a browser with scripts off shows: the text of the body, tags and comments dropped. */
const visibleText = (html: string) =>
  (/<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>/.exec(html)![1]!;

const appPaths: string[] = [];

beforeAll(async () => {
  // The build's own step: the app rendered through Vite with vite.config.ts, put into index.html.
  const rendered = await renderPages(
    resolve(root, 'vite.config.ts'),
    PRERENDERED.map((p) => p.path),
  );
  for (const [path, html] of rendered.pages) pages.set(path, prerenderedHtml(template, html));
  appPaths.push(...rendered.appPaths);
}, 90_000);

it('holds the landing page itself in #root, readable without running a script', () => {
  const page = pages.get('/')!;
  const text = visibleText(page);
  expect(text).toContain('Your case files, in court and in the office, with or without signal.');
  expect(text).toContain('Get Started');
  for (const heading of ['About Us', 'Features', 'Pricing', 'Reviews']) expect(text).toContain(heading);
  expect(text.length).toBeGreaterThan(1500);
  expect(page).toMatch(/<div id="root"><header class="site-header">/);
  expect(page).toMatch(/<a [^>]*href="\/login"[^>]*>Login<\/a>/);
  expect(page).toMatch(/<a [^>]*href="\/sign-up"[^>]*>Sign Up<\/a>/);
});

it('holds the login and sign-up forms, inert until the app takes over', () => {
  const login = pages.get('/login')!;
  expect(visibleText(login)).toContain('Welcome Back | Login To Start Your Session');
  expect(rootOf(login)).toMatch(/<input[^>]*type="email"/);
  expect(rootOf(login)).toMatch(/<input[^>]*type="password"/);
  const signUp = pages.get('/sign-up')!;
  expect(visibleText(signUp)).toContain('Sign Up For Using eLawFirm');
  for (const page of [login, signUp]) {
    const forms = rootOf(page).match(/<form\b[^>]*>/g) ?? [];
    expect(forms.length).toBeGreaterThan(0);
    for (const f of forms) expect(f).toMatch(/^<form inert=""/);
  }
});

it('adds no script: only the template’s module entry, nothing inline for the CSP to block', () => {
  for (const [path, page] of pages) {
    expect(page.match(/<script/g), path).toEqual(template.match(/<script/g));
    expect(page, path).not.toMatch(/<template|<!--\$[?!]/);
    // React's resource hints go to the head, not into #root where React would drop them.
    expect(rootOf(page), path).not.toMatch(/<link\b/);
  }
});

it('puts stylesheets inline and keeps page text as text where it looks like a replacement pattern', () => {
  const html = prerenderedHtml(
    template.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>'),
    '<p>Fees: Rs 500 $& up</p>',
    ['<link rel="modulepreload" href="/a.js">'],
  );
  expect(html).toContain('<div id="root"><p>Fees: Rs 500 $& up</p></div>');
  expect(html).toContain('<link rel="modulepreload" href="/a.js"></head>');
  const inlined = inlineStylesheets(html, (href) => `/* ${href} */ .hero{color:red}</style>`);
  expect(inlined).toContain('<style>/* /assets/index-1.css */ .hero{color:red}<\\/style></style>');
  expect(inlined).not.toContain('rel="stylesheet"');
});

it('starts the app from a module that fetches the entry and chunks after the first paint', () => {
  const built = template
    .replace(/<script type="module" src="[^"]+"><\/script>/, '')
    .replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-A1.js"></script><link rel="modulepreload" crossorigin href="/assets/jsx-runtime-B2.js"></head>',
    );
  const html = startAfterPaint(prerenderedHtml(built, '<h1>Welcome</h1>'), '/assets/start-C3.js');
  expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/assets/start-C3.js">']);
  expect(html).not.toContain('modulepreload');
  expect(html).toContain('<meta name="lf-after-paint" content="/assets/index-A1.js">');
  expect(html).toContain('<meta name="lf-after-paint" content="/assets/jsx-runtime-B2.js">');
  const code = startScript('/assets/index-A1.js');
  expect(code).toContain('import("/assets/index-A1.js")');
  expect(code).toContain("getEntriesByName('first-contentful-paint')");
  expect(code).toContain('meta[name="lf-after-paint"]');
});

it('names every path the app has a screen for, for the server to answer 404 to the others', () => {
  for (const p of ['/', '/login', '/dashboard', '/petitions/:id', '/404', '/petitions-calendar'])
    expect(appPaths).toContain(p);
  expect(appPaths.length).toBeGreaterThan(80);
});
