import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { adminToken, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { expectPhoneFriendly, PHONE, PHONES } from './phone.ts';
import { seedCourtId, seedHearingDate, seedPetition } from './seed.ts';

/**
 * The evening reminder (issue 34 item 4): at 20:00 Pakistan time the open app shows "1 hearing tomorrow" with
 * the court, read from the phone's own database; and the dashboard asks for notifications only then.
 */
const WAIT_MS = 20_000;
// The phone's clock: 19:59 in Pakistan on the day before the hearing.
const EVENING = new Date('2026-11-29T19:59:00+05:00');
const TOMORROW = '2026-11-30';
let h: Harness;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  h = await startHarness();
  const court = await seedCourtId(h, 'Lahore High Court, Lahore');
  const id = await seedPetition(h, { case_no: '41', year: 2026, title: 'Aslam v. State', court_id: court });
  await seedHearingDate(h, id, TOMORROW);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await h.close();
});

/** A phone at EVENING, signed in on the dashboard, its notifications captured into window.__notes. */
async function eveningPhone(grant: boolean, who = E2E_ADMIN): Promise<Page> {
  const ctx = await h.newContext(PHONE);
  contexts.push(ctx);
  if (grant) await ctx.grantPermissions(['notifications']);
  await ctx.addInitScript(() => {
    const w = window as unknown as { __notes: { title: string; body?: string; tag?: string }[] };
    w.__notes = [];
    ServiceWorkerRegistration.prototype.showNotification = async function (title, options) {
      w.__notes.push({ title, body: options?.body, tag: options?.tag });
    };
    const Real = window.Notification;
    class Captured {
      constructor(title: string, options?: NotificationOptions) {
        w.__notes.push({ title, body: options?.body, tag: options?.tag });
      }
      static get permission() {
        return Real.permission;
      }
      static requestPermission() {
        return Real.requestPermission();
      }
    }
    (window as unknown as { Notification: unknown }).Notification = Captured;
  });
  const page = await ctx.newPage();
  await page.clock.install({ time: EVENING });
  const login = new LoginPage(page);
  await login.open();
  await login.login(who.email, who.password);
  await page.waitForURL('**/dashboard');
  return page;
}

it('reminds of tomorrow’s hearings at 20:00, with the count and the court', async () => {
  const page = await eveningPhone(true);
  await page.getByText(/1 hearing tomorrow/).waitFor({ timeout: WAIT_MS });
  const notes = () => page.evaluate(() => (window as unknown as { __notes: unknown[] }).__notes);
  expect(await notes()).toEqual([]);
  await page.clock.runFor(2 * 60_000);
  await expect
    .poll(notes, { timeout: WAIT_MS })
    .toEqual([{ title: '1 hearing tomorrow', body: 'Lahore High Court, Lahore', tag: 'hearings-tomorrow' }]);
  // Once a day: another hour later, still the one.
  await page.clock.runFor(61 * 60_000);
  expect(await notes()).toHaveLength(1);
  // Permission granted: nothing to ask.
  expect(await page.getByRole('button', { name: 'Turn on reminders' }).count()).toBe(0);
});

it('asks on the dashboard when there are hearings tomorrow; the prompt fits a phone and can be dismissed', async () => {
  const page = await eveningPhone(false);
  const prompt = page.getByRole('complementary', { name: 'Hearing reminders' });
  await prompt.getByText("Remind me of tomorrow's hearings at 8 pm?").waitFor({ timeout: WAIT_MS });
  // Both phone screens (360x740 and 390x844), ending on the journey's own.
  for (const size of PHONES) {
    await page.setViewportSize(size);
    await expectPhoneFriendly(page, prompt);
  }
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect.poll(() => prompt.count()).toBe(0);
  await page.reload();
  await page.getByText(/1 hearing tomorrow/).waitFor({ timeout: WAIT_MS });
  expect(await prompt.count()).toBe(0);
});

it('a lawyer sets their own reminder hour on My Profile; it reaches the server', async () => {
  const lawyer = {
    name: 'Reminder Lawyer',
    email: 'reminder.lawyer@e2e.firm',
    password: 'reminder-lawyer-pw-1',
  };
  const id = await createUserViaApi(h, { ...lawyer, role_id: ROLE_IDS.LAWYER });
  const page = await eveningPhone(true, lawyer);
  await page.goto(`/users/edit/${encodeURIComponent(id)}`);
  const section = page.getByRole('region', { name: 'Reminders' });
  await section.getByLabel('At (Pakistan time)').waitFor({ timeout: WAIT_MS });
  expect(await section.getByLabel("Remind me of tomorrow's hearings").isChecked()).toBe(true);
  // What the user came to My Profile for is the profile; Reminders follows it.
  // Both phone screens (360x740 and 390x844), ending on the journey's own.
  for (const size of PHONES) {
    await page.setViewportSize(size);
    await expectPhoneFriendly(page, page.getByRole('heading', { name: 'Edit User', level: 1 }));
  }
  await section.getByLabel('At (Pakistan time)').selectOption({ label: '9 pm' });
  await section.getByRole('button', { name: 'Save reminders' }).click();
  await page.getByText('Reminders saved.').waitFor({ timeout: WAIT_MS });
  const token = await adminToken(h);
  await expect
    .poll(
      async () => {
        const r = await h.app.inject({
          method: 'GET',
          url: `/api/users/${id}`,
          headers: { authorization: `Bearer ${token}` },
        });
        return r.json<{ user: { reminder_hour?: number | null } }>().user.reminder_hour;
      },
      { timeout: WAIT_MS },
    )
    .toBe(21);
});
