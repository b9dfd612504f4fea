import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('an unknown path shows the 404 page', async () => {
  const ctx = await h.newContext();
  const page = await ctx.newPage();
  await page.goto('/no/such/page');
  await page.waitForURL('**/404');
  expect(await page.getByText("We couldn't find this page.").isVisible()).toBe(true);
  await ctx.close();
});
