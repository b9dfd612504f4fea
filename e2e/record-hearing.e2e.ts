import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate, ROLE_IDS, todayInPakistan } from '@lawfirm/shared-types';
import { quickPickDate } from '@lawfirm/shared-types/court-day/next-date.ts';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { adminToken, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE, PHONES } from './phone.ts';
import { seedCourtId, seedPetition } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

/**
 * The court day on a phone with no signal (issue 34 items 1 and 5): Today's list by court and serial, a
 * hearing recorded from it with a photo and "+14", seen after a reload offline in the order sheets, the calendar
 * and (the phone's clock on the day before) tomorrow's list; then online, on the server and a colleague's phone.
 */
const WAIT_MS = 20_000;
const COLLEAGUE = {
  name: 'Court Colleague',
  email: 'court.colleague@e2e.firm',
  password: 'court-colleague-pw-1',
};
let h: Harness;
let aslam: string;
let bibi: string;
const today = todayInPakistan();

async function call<T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>): Promise<T> {
  const r = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await adminToken(h)}` },
    ...(payload ? { payload } : {}),
  });
  if (r.statusCode !== 200) throw new Error(`${method} ${url} failed: ${r.statusCode} ${r.body}`);
  return r.json<T>();
}

beforeAll(async () => {
  h = await startHarness();
  await createUserViaApi(h, { ...COLLEAGUE, role_id: ROLE_IDS.LAWYER });
  const lahore = await seedCourtId(h, 'Lahore High Court, Lahore');
  const karachi = await seedCourtId(h, 'Sindh High Court, Karachi');
  aslam = await seedPetition(h, { case_no: '41', year: 2026, title: 'Aslam v. State', court_id: lahore });
  bibi = await seedPetition(h, {
    case_no: '7',
    year: 2025,
    title: 'Bibi v. Landlord',
    court_id: karachi,
  });
  const kamran = await seedPetition(h, {
    case_no: '345',
    year: 2026,
    title: 'Kamran v. Federation',
    court_id: lahore,
  });
  // Today's hearings with their rooms and serials, as the calendar's call takes them.
  const hearing = (petition_id: string, place: Record<string, unknown>) =>
    call('POST', '/api/petition_hearing', { petition_id, hearing_date: formatDate(today), ...place });
  await hearing(aslam, { court_room: 'Court Room 5', serial_no: 12 });
  await hearing(kamran, { court_room: 'Court Room 5', serial_no: 3 });
  await hearing(bibi, {});
});
afterAll(() => h.close());

it('records a hearing offline on a phone with a photo and +14; the next date shows everywhere', async () => {
  const devices: Device[] = [];
  try {
    const d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    devices.push(d);
    const { page, ctx } = d;
    const header = new SyncHeader(page);
    const todayList = page.getByRole('region', { name: /^Today/ });
    // Today's list: a heading per court and room, by serial; the court without serials last.
    await todayList.getByRole('link', { name: '41/2026 Aslam v. State' }).waitFor({ timeout: WAIT_MS });
    expect(await todayList.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Lahore High Court, Lahore · Court Room 5',
      'Sindh High Court, Karachi',
    ]);
    expect(await todayList.locator('.today-case').allTextContents()).toEqual([
      '345/2026 Kamran v. Federation',
      '41/2026 Aslam v. State',
      '7/2025 Bibi v. Landlord',
    ]);
    const warning = page.getByRole('status').filter({ hasText: 'today not recorded' });
    await warning.getByText('3 hearings today not recorded').waitFor({ timeout: WAIT_MS });

    // No signal: the hearing is recorded from Today's list.
    await ctx.setOffline(true);
    await header.offline().waitFor();
    await todayList.getByRole('button', { name: 'Record hearing: 41/2026 Aslam v. State' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record hearing' });
    const outcome = dialog.getByLabel('Outcome', { exact: true });
    await outcome.waitFor();
    // The whole form on the phone's screen with the keyboard closed, Save inside it.
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    const fits = await dialog.evaluate((el) => {
      const body = el.querySelector('.modal-body')!;
      return { scroll: body.scrollHeight - body.clientHeight, bottom: el.getBoundingClientRect().bottom };
    });
    expect(fits.scroll, 'the form scrolls').toBeLessThanOrEqual(0);
    expect(fits.bottom).toBeLessThanOrEqual(844);
    const saveBox = (await save.boundingBox())!;
    expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(844);
    expect(saveBox.height).toBeGreaterThanOrEqual(44);
    expect(await dialog.getByLabel('Court room', { exact: true }).inputValue()).toBe('Court Room 5');
    expect(await dialog.getByLabel('Serial', { exact: true }).inputValue()).toBe('12');
    // Both phone screens (360x740 and 390x844), ending on the journey's own.
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await expectPhoneFriendly(page, outcome);
    }

    await outcome.selectOption({ label: 'Adjourned' });
    await dialog.getByLabel('Note', { exact: true }).fill('Adjourned; the opponent sought time.');
    const photo = dialog.getByLabel('Photo', { exact: true });
    expect(await photo.getAttribute('accept')).toBe('image/*');
    expect(await photo.getAttribute('capture')).toBe('environment');
    await photo.setInputFiles({
      name: 'order.png',
      mimeType: 'image/png',
      buffer: Buffer.from(makePng(64, 48, () => [30, 120, 60])),
    });
    await dialog.getByText('order.png').waitFor();
    const next = quickPickDate(today, 14)!.date;
    await dialog.getByRole('button', { name: '+14', exact: true }).tap();
    expect(await dialog.getByLabel('Next date', { exact: true }).inputValue()).toBe(formatDate(next));
    await save.tap();
    await dialog.waitFor({ state: 'hidden' });
    // No signal: the save says honestly it is on this device and goes when online (the app's save report).
    await page.getByText('Saved on this device.').waitFor();
    await page.getByText('It will be sent when you are online.').waitFor();
    // Done: the outcome in Today's list, and the warning counts the two left.
    await todayList.getByText('Recorded: Adjourned').waitFor();
    await warning.getByText('2 hearings today not recorded').waitFor();

    // Reloaded with no signal: the order sheet with its photo, and the next date in the calendar.
    await page.goto(`${h.baseUrl}/petition-order-sheets-index/${aslam}`);
    await page.reload();
    await page.getByText('Adjourned').first().waitFor({ timeout: WAIT_MS });
    await page.getByText(formatDate(next)).first().waitFor({ timeout: WAIT_MS });
    // The phone's clock on the day before the next date: tomorrow's lists hold it.
    const dayBefore = new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.clock.setFixedTime(new Date(`${dayBefore}T10:00:00+05:00`));
    await page.goto(`${h.baseUrl}/petitions-calendar`);
    await page
      .getByRole('region', { name: /^Tomorrow/ })
      .getByRole('link', { name: '41/2026 Aslam v. State' })
      .waitFor({ timeout: WAIT_MS });
    await page.goto(`${h.baseUrl}/cause-list`);
    const causeTomorrow = page.getByRole('region', { name: /^Tomorrow/ });
    await causeTomorrow.getByRole('link', { name: '41/2026 Aslam v. State' }).waitFor({ timeout: WAIT_MS });
    // Tomorrow's list is grouped by court like Today's: the hearing under its court's heading.
    await causeTomorrow
      .getByRole('region', { name: /^Lahore High Court, Lahore/ })
      .getByRole('link', { name: '41/2026 Aslam v. State' })
      .waitFor();

    // Online: the server has the order sheet, the next date and the photo.
    await ctx.setOffline(false);
    await header.online().waitFor({ timeout: WAIT_MS });
    // Once the server has it, the page says so (the save followed across the reloads).
    await page.getByText('Sent to the server.').first().waitFor({ timeout: WAIT_MS });
    const types = await call<{ orderSheetTypes: { id: string; title: string }[] }>(
      'GET',
      '/api/get_order_sheet_types',
    );
    const adjourned = types.orderSheetTypes.find((t) => t.title === 'Adjourned')!.id;
    await expect
      .poll(
        async () => {
          const body = JSON.stringify(await call('GET', `/api/petition_order_sheets?petition_id=${aslam}`));
          return [body.includes(adjourned), body.includes(formatDate(next)) || body.includes(next)];
        },
        { timeout: WAIT_MS },
      )
      .toEqual([true, true]);
    await expect
      .poll(
        async () => {
          const r = await h.app.inject({
            method: 'GET',
            url: `/api/petition_order_sheets?petition_id=${aslam}`,
            headers: { authorization: `Bearer ${await adminToken(h)}` },
          });
          return r.body.includes('order.png');
        },
        { timeout: WAIT_MS },
      )
      .toBe(true);

    // A colleague's phone pulls it: the order sheet and the next date.
    const c = await signedInDevice(h, COLLEAGUE.email, COLLEAGUE.password, PHONE);
    devices.push(c);
    await c.page.goto(`${h.baseUrl}/petition-order-sheets-index/${aslam}`);
    await c.page.getByText('Adjourned').first().waitFor({ timeout: WAIT_MS });
    await c.page.getByText(formatDate(next)).first().waitFor({ timeout: WAIT_MS });
  } finally {
    for (const d of devices) await d.ctx.close();
  }
});

it('from the case page: nothing typed is lost on close, and Decided asks to archive the case', async () => {
  let d: Device | undefined;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    const { page } = d;
    // The cause list offers it too, for each hearing of today not recorded yet.
    await page.goto(`${h.baseUrl}/cause-list`);
    await page
      .getByRole('region', { name: /^Today/ })
      .getByRole('button', { name: 'Record hearing: 7/2025 Bibi v. Landlord' })
      .waitFor({ timeout: WAIT_MS });
    await page.goto(`${h.baseUrl}/petitions/${bibi}`);
    await page.getByRole('button', { name: 'Record hearing', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Record hearing' });
    await dialog.getByLabel('Note', { exact: true }).fill('Judgment announced; petition allowed.');
    // Closing asks first; Keep editing keeps the note.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByText('Discard what you typed?').waitFor();
    await page.getByRole('button', { name: 'Keep editing', exact: true }).click();
    expect(await dialog.getByLabel('Note', { exact: true }).inputValue()).toBe(
      'Judgment announced; petition allowed.',
    );
    await dialog.getByLabel('Outcome', { exact: true }).selectOption({ label: 'Decided' });
    await page.getByText('The case is decided. Archive it?').waitFor();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    expect(await dialog.getByRole('checkbox', { name: 'Archive the case' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(
        async () =>
          (await call<{ petition: { archived: unknown } }>('GET', `/api/petitions/${bibi}`)).petition
            .archived,
        { timeout: WAIT_MS },
      )
      .toSatisfy((v) => v === true || v === 1 || v === '1');
  } finally {
    await d?.ctx.close();
  }
});
