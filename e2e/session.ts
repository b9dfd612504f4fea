import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Harness } from './harness.ts';
import { LoginPage } from './pages/LoginPage.ts';

export type Device = { ctx: BrowserContext; page: Page };

/**
 * One browser (a device) signed in through the login screen, with the service worker in control of the page:
 * only then does a reload with the network off still open the app (vite-plugin-pwa precaches the shell).
 */
export async function signedInDevice(
  h: Harness,
  email: string,
  password: string,
  options?: BrowserContextOptions,
): Promise<Device> {
  const ctx = await h.newContext(options);
  const page = await ctx.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.login(email, password);
  await page.waitForURL('**/dashboard');
  await untilWorkerControls(page);
  return { ctx, page };
}

/** Waits for the service worker to be installed, then reloads so that it controls the page. */
export async function untilWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}
