import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { formatDate, ROLE_IDS, todayInPakistan } from '@lawfirm/shared-types';
import { createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
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

const shortDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;

let h: Harness;
let kamran: string;
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
  kamran = await seedPetition(h, {
    case_no: '345',
    year: 2026,
    title: 'Kamran v. Federation',
    court_id: lahore,
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
    // Tapping a date opens the Add-event modal on it (part 2 §2.5); closed here.
    const add = page.getByRole('dialog', { name: 'Add Event' });
    expect(await add.getByLabel('Date', { exact: true }).inputValue()).toBe(formatDate(inDays(1)));
    await add.getByRole('button', { name: 'Close', exact: true }).last().click();
    await add.waitFor({ state: 'hidden' });
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

/** The server's order sheets of a case: what every other device will get. */
const serverSheets = (petitionId: string) =>
  h.app.db
    .selectFrom('order_sheets')
    .select(['id', 'order_sheet_date', 'description'])
    .where('petition_id', '=', petitionId)
    .where('deleted_at', 'is', null)
    .execute();

it('a lawyer offline adds a hearing from the calendar for a case found by its number; the admin moves it and the lawyer’s phone follows', async () => {
  const devices: Device[] = [];
  try {
    const l = await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE);
    devices.push(l);
    const { page } = l;
    await page.goto(`${h.baseUrl}/petitions-calendar`);
    const tomorrow = page.getByRole('region', { name: /^Tomorrow/ });
    await tomorrow.getByRole('link', { name: '41/2026 Aslam v. State' }).waitFor({ timeout: WAIT_MS });

    // No signal: the hearing is added on the phone.
    await l.ctx.setOffline(true);
    const dayName = new Date(`${inDays(1)}T00:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'long',
      timeZone: 'UTC',
    });
    const addTomorrow = page.getByRole('button', {
      name: `Add event on ${dayName} ${formatDate(inDays(1))}`,
    });
    if (!(await addTomorrow.isVisible())) await page.getByRole('button', { name: 'Next week' }).click();
    await addTomorrow.click();
    const modal = page.getByRole('dialog', { name: 'Add Event' });
    expect(await modal.getByLabel('Date', { exact: true }).inputValue()).toBe(formatDate(inDays(1)));
    const title = modal.getByRole('combobox', { name: 'Title of Case or Meeting' });
    expect(await title.getAttribute('placeholder')).toBe('Find by Case No');
    // Nothing is offered before the third character.
    await title.fill('34');
    expect(await modal.getByRole('option').count()).toBe(0);
    await title.fill('345');
    await modal.getByRole('option', { name: '345/2026 Kamran v. Federation' }).waitFor({ timeout: WAIT_MS });
    // On a phone's screen: the modal with its list of cases.
    await expectPhoneFriendly(page, title);
    await modal.getByRole('option', { name: '345/2026 Kamran v. Federation' }).click();
    expect(await title.inputValue()).toBe('345/2026 Kamran v. Federation');
    await modal.getByLabel('Summary').fill('Arguments on stay');
    // Go To Case File and Delete Event are for an event already there.
    expect(await modal.getByRole('button', { name: 'Go To Case File' }).count()).toBe(0);
    expect(await modal.getByRole('button', { name: 'Delete Event' }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Add Event', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByText('Saved on this device.').first().waitFor();
    await tomorrow.getByRole('link', { name: '345/2026 Kamran v. Federation' }).waitFor();

    // A meeting: a title matching no case file.
    await addTomorrow.click();
    await title.fill('Bar council meeting');
    await modal.getByText('No case file matches: it will be saved as a meeting.').waitFor();
    await modal.getByRole('button', { name: 'Add Event', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    const chip = page.getByRole('button', { name: 'Bar council meeting', exact: true });
    await chip.waitFor();
    expect(await chip.getAttribute('title')).toBe('Bar council meeting');
    // A long press shows the title (a touch screen has no hover) without opening the event.
    await chip.dispatchEvent('touchstart', { touches: [], changedTouches: [] });
    await page.getByRole('tooltip').filter({ hasText: 'Bar council meeting' }).waitFor();
    await chip.dispatchEvent('touchend', { touches: [], changedTouches: [] });
    await chip.dispatchEvent('click');
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The lawyer's hearing opens read-only (editing is the admin's); their own meeting opens for editing.
    await page.getByRole('button', { name: '345/2026 Kamran v. Federation' }).first().click();
    const view = page.getByRole('dialog', { name: 'Event' });
    await view.getByRole('button', { name: 'Go To Case File' }).waitFor();
    expect(await view.getByRole('button', { name: 'Delete Event' }).count()).toBe(0);
    await view.getByRole('button', { name: 'Close', exact: true }).last().click();

    // The same hearing on the case card and in the order sheets, from the device.
    await page.goto(`${h.baseUrl}/petitions`);
    await page
      .getByRole('article', { name: '345/2026', exact: true })
      .getByRole('button', { name: `Next Hearing Date ${shortDate(inDays(1))}`, exact: true })
      .waitFor({ timeout: WAIT_MS });
    await page.goto(`${h.baseUrl}/petition-order-sheets-index/${kamran}`);
    await page
      .getByText(formatDate(inDays(1)))
      .first()
      .waitFor({ timeout: WAIT_MS });

    // Reloaded with no signal: tomorrow's cause list still has it.
    await page.goto(`${h.baseUrl}/petitions-calendar`);
    await page.reload();
    await tomorrow.getByRole('link', { name: '345/2026 Kamran v. Federation' }).waitFor({ timeout: WAIT_MS });
    expect(await serverSheets(kamran)).toEqual([]);

    // Still offline: the dashboard's banner and lists, and the cause list's own page with its PDF.
    await page.goto(`${h.baseUrl}/dashboard`);
    const banner = page.getByRole('status').filter({ hasText: 'tomorrow' });
    await banner.getByText('1 hearing today, 3 hearings tomorrow.').waitFor({ timeout: WAIT_MS });
    await page
      .getByRole('region', { name: /^Tomorrow/ })
      .getByRole('link', { name: '345/2026 Kamran v. Federation' })
      .waitFor();
    await banner.getByRole('link', { name: 'Open the cause list' }).click();
    await page.getByRole('heading', { name: 'Cause List', level: 1 }).waitFor();
    const causeTomorrow = page.getByRole('region', { name: /^Tomorrow/ });
    // By court: Lahore (by case number, 41 before 345) before Sindh. The page's heading is drawn before the
    // device's database answers (its lists say 'Loading...' meanwhile): wait for the lists.
    await expect
      .poll(() => causeTomorrow.getByRole('link').allTextContents())
      .toEqual(['41/2026 Aslam v. State', '345/2026 Kamran v. Federation', '7/2025 Bibi v. Landlord']);
    expect(await causeTomorrow.innerText()).toContain('Lahore High Court, Lahore');
    await expectPhoneFriendly(page, causeTomorrow.getByRole('link').first());
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF of tomorrow’s cause list' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Cause List ${formatDate(inDays(1)).replace(/\//g, '-')}.pdf`);
    const pdfText = (await readPdf(new Uint8Array(await readFile(await download.path())))).text.join(' ');
    expect(pdfText).toContain(`Tomorrow, ${formatDate(inDays(1))}`);
    expect(pdfText).toContain('3 hearings');
    expect(pdfText).toContain('Kamran v. Federation');
    expect(pdfText.indexOf('Kamran v. Federation')).toBeLessThan(pdfText.indexOf('Bibi v. Landlord'));
    await page.goto(`${h.baseUrl}/petitions-calendar`);

    // Online: it reaches the server, as an order sheet of the case.
    await l.ctx.setOffline(false);
    await expect
      .poll(async () => (await serverSheets(kamran)).map((s) => [s.order_sheet_date, s.description]), {
        timeout: WAIT_MS,
      })
      .toEqual([[inDays(1), 'Arguments on stay']]);
    await expect
      .poll(
        async () =>
          (
            await h.app.db
              .selectFrom('calendar_meetings')
              .select('title')
              .where('deleted_at', 'is', null)
              .execute()
          ).map((m) => m.title),
        { timeout: WAIT_MS },
      )
      .toEqual(['Bar council meeting']);

    // The admin's calendar shows it; the admin moves it three days on.
    const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
    devices.push(a);
    await a.page.goto(`${h.baseUrl}/petitions-calendar`);
    await a.page.getByRole('button', { name: 'Day', exact: true }).click();
    await a.page.getByRole('button', { name: 'Next day' }).click();
    await a.page.getByRole('button', { name: '345/2026 Kamran v. Federation' }).click({ timeout: WAIT_MS });
    const edit = a.page.getByRole('dialog', { name: 'Edit Event' });
    await edit.getByRole('button', { name: 'Go To Case File' }).waitFor();
    await edit.getByRole('button', { name: 'Delete Event' }).waitFor();
    expect(await edit.getByLabel('Summary').inputValue()).toBe('Arguments on stay');
    await edit.getByLabel('Date', { exact: true }).fill(formatDate(inDays(3)));
    await edit.getByRole('button', { name: 'Edit Event', exact: true }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await serverSheets(kamran)).map((s) => s.order_sheet_date), { timeout: WAIT_MS })
      .toEqual([inDays(3)]);

    // The lawyer's phone follows: gone from tomorrow's list, the case card's next hearing moved.
    await page.getByRole('button', { name: 'Today', exact: true }).waitFor();
    await expect
      .poll(() => tomorrow.getByRole('link').allTextContents(), { timeout: WAIT_MS })
      .toEqual(['41/2026 Aslam v. State', '7/2025 Bibi v. Landlord']);
    await page.goto(`${h.baseUrl}/petitions`);
    await page
      .getByRole('article', { name: '345/2026', exact: true })
      .getByRole('button', { name: `Next Hearing Date ${shortDate(inDays(3))}`, exact: true })
      .waitFor({ timeout: WAIT_MS });
  } finally {
    for (const dev of devices) await dev.ctx.close();
  }
});

/** An Intra Court Appeal on the limitation calculator: its last date of filing is 10/08/2026 (public-tools.e2e.ts). */
async function computeIca(page: Device['page']): Promise<void> {
  await page.getByLabel('Case').selectOption({ label: 'Appeal' });
  await page.getByRole('searchbox', { name: 'Search' }).fill('ICA');
  const answer = page.getByLabel('Which appeal is it?');
  const value = await answer
    .locator('option', { hasText: '(Intra Court Appeal, ICA)' })
    .getAttribute('value');
  await answer.selectOption(value);
  await page.getByLabel('Challenging Date').fill('15/07/2026');
  await page.getByLabel('Order Date').fill('20/07/2026');
  await page.getByLabel('Prepared Date').fill('25/07/2026');
  await page.getByTestId('last-date').waitFor();
}

it('“Click to remind me” puts the last date of filing on a signed-in lawyer’s calendar, offline; a visitor gets an .ics file', async () => {
  const devices: Device[] = [];
  try {
    const l = await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE);
    devices.push(l);
    await l.page.goto(`${h.baseUrl}/limitation-calculator`);
    await l.page.getByLabel('Case').locator('option', { hasText: 'Appeal' }).waitFor({ state: 'attached' });
    await l.ctx.setOffline(true);
    await computeIca(l.page);
    await l.page.getByRole('button', { name: 'Click to remind me' }).click();
    const added = l.page
      .getByRole('status')
      .filter({ hasText: 'Reminder added to your calendar for 10/08/2026' });
    await added.waitFor({ timeout: WAIT_MS });
    await expectPhoneFriendly(l.page, added);
    // On the calendar of the device, that day.
    await added.getByRole('link', { name: 'open the calendar' }).click();
    const title = 'Last date of filing: Art. 151';
    // Step back to 10/08/2026 from today, a day at a time through the week (Previous week), then the day.
    await l.page.getByRole('button', { name: 'Week', exact: true }).click();
    for (let i = 0; i < 30; i++) {
      if (await l.page.getByRole('heading', { name: /10\/08\/2026/, level: 3 }).count()) break;
      await l.page.getByRole('button', { name: 'Previous week' }).click();
    }
    await l.page.getByRole('button', { name: new RegExp(`^${title}`) }).waitFor();
    // Online it reaches the server as a meeting of this lawyer.
    await l.ctx.setOffline(false);
    await expect
      .poll(
        async () =>
          (
            await h.app.db
              .selectFrom('calendar_meetings as m')
              .innerJoin('users as u', 'u.id', 'm.created_by')
              .select(['m.meeting_date', 'm.title', 'u.email'])
              .where('m.title', 'like', `${title}%`)
              .execute()
          ).map((m) => [m.meeting_date, m.email]),
        { timeout: WAIT_MS },
      )
      .toEqual([['2026-08-10', LAWYER.email]]);

    // Signed out, the same button gives the phone's calendar an .ics file.
    const v = await h.newContext(PHONE);
    devices.push({ ctx: v, page: await v.newPage() });
    const page = devices.at(-1)!.page;
    await page.goto(`${h.baseUrl}/limitation-calculator`);
    await computeIca(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Click to remind me' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Last date 10-08-2026.ics');
    expect(await readFile(await download.path(), 'utf8')).toContain('DTSTART;VALUE=DATE:20260810');
  } finally {
    for (const dev of devices) await dev.ctx.close();
  }
});
