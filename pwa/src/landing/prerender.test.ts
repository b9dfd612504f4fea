import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { landingHtml, renderLanding } from '../../../scripts/build/prerender-landing.ts';

const root = resolve(import.meta.dirname, '../../..');
const template = readFileSync(resolve(root, 'pwa/index.html'), 'utf8');
let page = '';

/** What a browser with scripts off shows: the text of the body, tags and comments dropped. */
const visibleText = (html: string) =>
  (/<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

beforeAll(async () => {
  // The build's own step: the app rendered through Vite with vite.config.ts, put into index.html.
  page = landingHtml(template, await renderLanding(resolve(root, 'vite.config.ts')));
}, 60_000);

it('holds the landing page itself in #root, readable without running a script', () => {
  const text = visibleText(page);
  expect(text).toContain('Your case files, in court and in the office, with or without signal.');
  expect(text).toContain('Get Started');
  for (const heading of ['About Us', 'Features', 'Pricing', 'Reviews']) expect(text).toContain(heading);
  expect(text.length).toBeGreaterThan(1500);
  expect(page).toMatch(/<div id="root"><header class="site-header">/);
  expect(page).toMatch(/<a [^>]*href="\/login"[^>]*>Login<\/a>/);
  expect(page).toMatch(/<a [^>]*href="\/sign-up"[^>]*>Sign Up<\/a>/);
});

it('adds no script: only the template’s module entry, nothing inline for the CSP to block', () => {
  expect(page.match(/<script/g)).toEqual(template.match(/<script/g));
  expect(page).not.toMatch(/<template|<!--\$[?!]/);
  // React's resource hints go to the head, not into #root where React would drop them.
  expect(/<div id="root">([\s\S]*)<\/div>/.exec(page)![1]).not.toMatch(/<link\b/);
});

it('keeps the page text as text where it looks like a replacement pattern', () => {
  const html = landingHtml(template, '<p>Fees: Rs 500 $& up</p>', [
    '<link rel="modulepreload" href="/a.js">',
  ]);
  expect(html).toContain('<div id="root"><p>Fees: Rs 500 $& up</p></div>');
  expect(html).toContain('<link rel="modulepreload" href="/a.js"></head>');
});
