import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Worker } from 'playwright-core';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { PHONE } from './phone.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { untilWorkerControls } from './session.ts';
import { seedCourtId, seedHearingDate, seedPetition } from './seed.ts';

/**
 * The evening reminder with the app closed (issue 34 item 4): the real service worker's periodic sync job
 * (pwa/src/reminders/reminder-sw.ts) reads tomorrow's hearings from the phone's own database and shows the
 * notification with their count and courts, once a day. The browser decides when periodic sync fires, so the
 * test runs the worker's job itself (what its `periodicsync` handler runs) at a chosen time.
 */
const WAIT_MS = 20_000;
// The page's clock: the morning, so the open app's own timer is hours away and leaves the evening to the worker.
const MORNING = new Date('2026-11-29T10:00:00+05:00');
const EVENING = '2026-11-29T20:30:00+05:00';
const TOMORROW = '2026-11-30';
let h: Harness;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  h = await startHarness();
  const lhc = await seedCourtId(h, 'Lahore High Court, Lahore');
  const civil = await seedCourtId(h, 'Civil Court, Lahore');
  for (const [no, court] of [
    ['41', lhc],
    ['42', lhc],
    ['43', civil],
  ] as const) {
    const id = await seedPetition(h, {
      case_no: no,
      year: 2026,
      title: `Case ${no} v. State`,
      court_id: court,
    });
    await seedHearingDate(h, id, TOMORROW);
  }
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await h.close();
});

it('the service worker reminds of tomorrow’s hearings from the device, with the count and first courts, once', async () => {
  const ctx = await h.newContext(PHONE);
  contexts.push(ctx);
  await ctx.grantPermissions(['notifications']);
  const page = await ctx.newPage();
  await page.clock.install({ time: MORNING });
  const login = new LoginPage(page);
  await login.open();
  await login.login(E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL('**/dashboard');
  // Controlled by the worker (the app registers its periodic sync then), with tomorrow's hearings on the device.
  await untilWorkerControls(page);
  await page.getByText(/3 hearings tomorrow/).waitFor({ timeout: WAIT_MS });

  const worker: Worker = ctx.serviceWorkers()[0] ?? (await ctx.waitForEvent('serviceworker'));
  const remind = (at: string) =>
    worker.evaluate(
      (iso) =>
        (self as unknown as { lfRemindTomorrow: (n: string) => Promise<string> }).lfRemindTomorrow(iso),
      at,
    );
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications({ tag: 'hearings-tomorrow' })).map(
        (n) => ({
          title: n.title,
          body: n.body,
        }),
      ),
    );
  // Before the hour (20:00 by default) the worker shows nothing, once the app has told it who is signed in (the
  // reminder's code starts when the page has settled: app/App.tsx).
  await expect.poll(() => remind('2026-11-29T19:00:00+05:00'), { timeout: WAIT_MS }).toBe('wait');
  expect(await shown()).toEqual([]);
  // The app recorded who is signed in once it was in control: at 20:30 the worker reminds from the database.
  await expect.poll(() => remind(EVENING), { timeout: WAIT_MS }).toBe('shown');
  expect(await shown()).toEqual([
    { title: '3 hearings tomorrow', body: 'Lahore High Court, Lahore (2), Civil Court, Lahore' },
  ]);
  // A second wake-up the same evening does not remind again.
  expect(await remind('2026-11-29T22:00:00+05:00')).toBe('wait');
  expect(await shown()).toHaveLength(1);

  // Signed out: the closed app reminds nobody on this device, the next evening either.
  const header = new SyncHeader(page);
  await header.menuButton().click();
  await header.nav().getByRole('button', { name: 'Logout', exact: true }).click();
  await page.waitForURL('**/login');
  await expect.poll(() => remind('2026-11-30T20:30:00+05:00'), { timeout: WAIT_MS }).toBe('signed-out');
});
