import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('shows the landing page with scripts off, sent brotli-compressed', async () => {
  const ctx = await h.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-encoding']).toBe('br');
  expect(res?.headers()['vary']).toContain('accept-encoding');
  await expect
    .poll(() =>
      page
        .getByRole('heading', {
          level: 1,
          name: 'Your case files, in court and in the office, with or without signal.',
        })
        .isVisible(),
    )
    .toBe(true);
  expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/login');
  expect(await page.getByRole('heading', { name: 'Features' }).isVisible()).toBe(true);
  await ctx.close();
});

it('hands the page over to the app without errors, every script and style over 1 KB arriving compressed', async () => {
  const ctx = await h.newContext({ serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  const assets = new Map<string, string | undefined>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin === h.baseUrl && /\.(js|css)$/.test(url.pathname))
      assets.set(url.pathname, r.headers()['content-encoding']);
  });
  // The prerendered forms are inert; React's are not: the app has taken the page over.
  const appRendered = () =>
    page.waitForFunction(() => document.querySelector('form') && !document.querySelector('form[inert]'));
  await page.goto('/');
  await appRendered();
  await page.getByRole('link', { name: 'Get Started' }).click();
  await page.waitForURL('**/login');
  await appRendered();
  // The login screen's own form: the landing page's stays on screen while the login screen's code loads.
  await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  await page.getByLabel('Email').fill('someone@firm.pk');
  expect(await page.getByLabel('Email').inputValue()).toBe('someone@firm.pk');
  expect(errors).toEqual([]);
  expect(assets.size).toBeGreaterThan(2);
  // Files under 1 KB have no compressed copy (scripts/build/precompress.ts) and go out as they are.
  const dist = resolve(process.env.E2E_DIST_DIR ?? 'pwa/dist');
  for (const [path, encoding] of assets)
    expect(encoding, path).toBe(statSync(join(dist, path)).size >= 1024 ? 'br' : undefined);
  expect([...assets.values()].filter((e) => e === 'br').length).toBeGreaterThan(2);
  await ctx.close();
});
