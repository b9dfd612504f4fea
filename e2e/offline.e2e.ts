import { afterAll, beforeAll, expect, it } from 'vitest';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { LoginPage } from './pages/LoginPage.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('the installed app shell opens every route with the network off', async () => {
  const ctx = await h.newContext();
  const page = await ctx.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.login(E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL('**/dashboard');
  // Wait until the service worker controls the page and has precached the shell.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);

  // Network off: the browser is offline and the server is gone.
  await ctx.setOffline(true);
  await new Promise<void>((resolve) => {
    h.app.server.close(() => resolve());
    h.app.server.closeAllConnections();
  });

  for (const path of ['/dashboard', '/petitions/abc', '/users', '/settings', '/']) {
    await page.goto(path);
    await page.locator('header').first().waitFor();
    expect(await page.locator('#root').innerText()).not.toBe('');
  }
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Case Files' }).waitFor();
  expect(await page.getByText('Offline').first().isVisible()).toBe(true);
  await ctx.close();
});
