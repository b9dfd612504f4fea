import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate, ROLE_IDS, todayInPakistan } from '@lawfirm/shared-types';
import { createUserViaApi } from './api.ts';
import { startHarness, type Harness } from './harness.ts';
import { expectPhoneFriendly, PHONE, PHONES } from './phone.ts';
import { seedCourtId, seedHearingDate, seedPetition } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

/**
 * The hearing calendar on a phone (issue 13): tomorrow's cause list from the device with no signal, the week
 * and month views, and the private calendar link a phone's calendar app subscribes to.
 */

const LAWYER = {
  name: 'Calendar Lawyer',
  email: 'calendar.lawyer@e2e.firm',
  password: 'calendar-lawyer-password-1',
};
const WAIT_MS = 15_000;
const inDays = (days: number) =>
  new Date(Date.parse(`${todayInPakistan()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await createUserViaApi(h, { ...LAWYER, role_id: ROLE_IDS.LAWYER });
  const lahore = await seedCourtId(h, 'Lahore High Court, Lahore');
  const karachi = await seedCourtId(h, 'Sindh High Court, Karachi');
  const bail = await seedPetition(h, {
    case_no: '41',
    year: 2026,
    title: 'Aslam v. State',
    court_id: lahore,
  });
  const rent = await seedPetition(h, {
    case_no: '7',
    year: 2025,
    title: 'Bibi v. Landlord',
    court_id: karachi,
  });
  await seedHearingDate(h, bail, formatDate(inDays(1)));
  await seedHearingDate(h, rent, formatDate(inDays(1)));
  await seedHearingDate(h, rent, formatDate(inDays(0)));
});
afterAll(() => h.close());

it('a lawyer reads tomorrow’s cause list offline on a phone, browses the week and month, and gets a calendar link', async () => {
  const devices: Device[] = [];
  try {
    const d = await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE);
    devices.push(d);
    const { page } = d;
    await page.goto(`${h.baseUrl}/petitions-calendar`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const tomorrow = page.getByRole('region', { name: /^Tomorrow/ });
    // By court: Lahore before Sindh.
    await expect
      .poll(() => tomorrow.getByRole('link').allTextContents(), { timeout: WAIT_MS })
      .toEqual(['41/2026 Aslam v. State', '7/2025 Bibi v. Landlord']);
    await page
      .getByRole('region', { name: /^Today/ })
      .getByRole('link', { name: '7/2025 Bibi v. Landlord' })
      .waitFor();
    // A phone opens on the week.
    expect(await page.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // No signal, after a reload: the same lists from the device.
    await d.ctx.setOffline(true);
    await page.reload();
    await tomorrow.getByRole('link', { name: '41/2026 Aslam v. State' }).waitFor({ timeout: WAIT_MS });
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await expectPhoneFriendly(page, tomorrow.getByRole('link').first());
    }

    // The month: tomorrow's tile counts two hearings; tapping a day lists them.
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await page.getByLabel('2 hearings').first().waitFor();
    const [y, m, dd] = inDays(1).split('-').map(Number) as [number, number, number];
    const tile = page.getByRole('button', {
      name: new Date(y, m - 1, dd).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
    });
    if (inDays(1).slice(0, 7) !== inDays(0).slice(0, 7))
      await page.getByRole('button', { name: 'Next month' }).click();
    await tile.click();
    await page.getByRole('heading', { name: formatDate(inDays(1)), exact: false, level: 3 }).waitFor();
    await expectPhoneFriendly(page, page.getByRole('heading', { name: 'Calendar', level: 1 }));
    // Offline, the calendar link waits for a connection.
    await page.getByText('Connect to the internet to set up a calendar link or the evening mail.').waitFor();

    // Online: a private link a calendar app subscribes to, serving this lawyer's hearings.
    await d.ctx.setOffline(false);
    await page.getByRole('button', { name: 'Get a calendar link' }).click();
    const link = await page.getByLabel('Your calendar link').inputValue();
    expect(link).toMatch(/\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
    const feed = await h.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain('SUMMARY:41/2026 Aslam v. State');
    await page.getByRole('checkbox', { name: 'Mail me tomorrow’s hearings each evening' }).check();
    // Kept on the server: the evening digest goes to this lawyer.
    await expect
      .poll(
        async () =>
          (await h.app.db.selectFrom('calendar_subscriptions').select('digest').executeTakeFirst())?.digest,
        { timeout: WAIT_MS },
      )
      .toBe(1);
  } finally {
    for (const dev of devices) await dev.ctx.close();
  }
});
