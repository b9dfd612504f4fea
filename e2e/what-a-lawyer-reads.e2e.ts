import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate, ROLE_IDS, todayInPakistan } from '@lawfirm/shared-types';
import { adminToken } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { CaseListPage } from './pages/CaseListPage.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { seedCaseCategory, seedCourtId, seedHearingDate, seedPetition } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

/**
 * Issue "What a lawyer hits first", items 2, 3, 5, 6 and 7, as a lawyer and a clerk read them: a settings save
 * that keeps what it does not carry (and an About text a visitor gets cleaned), a case named "W.P. 122109/2026 …"
 * wherever it is named, an Urdu name never cut inside a word, the spec's own words on the calendar, and phone
 * numbers an invoice prints as they are read.
 */

const WAIT_MS = 15_000;
const TITLE = 'W.P. 122109/2026 Muhammad Aslam vs State';
const URDU_PETITIONERS = ['مُحَمَّد اَسلَم', 'عبدالرحمٰن خان'];
const CLIENT = { name: 'Rashid Textiles', email: 'rashid.textiles@e2e.firm', phone: '0423-7654321' };
const inDays = (days: number) =>
  new Date(Date.parse(`${todayInPakistan()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let h: Harness;
let petitionId: string;
const devices: Device[] = [];

const asAdmin = async () => ({ authorization: `Bearer ${await adminToken(h)}` });
async function post(url: string, payload: Record<string, unknown>): Promise<void> {
  const r = await h.app.inject({ method: 'POST', url, headers: await asAdmin(), payload });
  if (r.statusCode !== 200) throw new Error(`POST ${url}: ${r.statusCode} ${r.body}`);
}
async function adminDevice(): Promise<Device> {
  const d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  d.page.setDefaultTimeout(WAIT_MS);
  devices.push(d);
  return d;
}

beforeAll(async () => {
  h = await startHarness();
  const court = await seedCourtId(h, 'Lahore High Court, Lahore');
  const wp = await seedCaseCategory(h, {
    title: 'Writ Petition (e2e)',
    abbreviation: 'W.P.',
    court_ids: [court],
  });
  petitionId = await seedPetition(h, {
    case_no: '122109',
    year: 2026,
    title: 'Muhammad Aslam vs State',
    court_id: court,
    petition_type_id: wp,
    petitioners: ['Muhammad Aslam'],
  });
  await seedHearingDate(h, petitionId, formatDate(inDays(1)));
  await seedPetition(h, {
    case_no: '777',
    year: 2026,
    title: 'اسلم بنام سرکار',
    court_id: court,
    petition_type_id: wp,
    petitioners: URDU_PETITIONERS,
  });
  // A client whose phone was typed into the account form's mask (9999-9999999): a Lahore landline.
  await post('/api/users', {
    ...CLIENT,
    password: 'rashid-client-password-1',
    confirm_password: 'rashid-client-password-1',
    role_id: ROLE_IDS.CLIENT,
    is_approved: true,
    send_email: false,
    contact_persons: [],
  });
});
afterAll(async () => {
  for (const d of devices) await d.ctx.close();
  await h.close();
});

it('item 2: a settings save keeps what it does not carry, and a visitor gets the About text cleaned', async () => {
  // The firm's settings, then a save of one tab by a client of the API that sends only that tab's fields.
  await post('/api/settings', {
    site_name: 'Aslam & Co. Advocates',
    site_email: 'office@aslam.pk',
    site_phone: '0300-1234567',
    invoice_heading: 'Aslam & Co.',
  });
  await post('/api/settings', { invoice_heading: 'Aslam & Co. Advocates and Legal Consultants' });

  const { page } = await adminDevice();
  const settings = new SettingsPage(page);
  await settings.open();
  await expect.poll(() => settings.siteName().inputValue()).toBe('Aslam & Co. Advocates');
  const general = page.getByRole('tabpanel', { name: 'General Settings' });
  expect(await general.getByLabel('Site Email', { exact: true }).inputValue()).toBe('office@aslam.pk');
  expect(await general.getByLabel('Site Phone', { exact: true }).inputValue()).toBe('0300-1234567');

  // The About text, typed with a script in it, saved from this device.
  await settings.tab('Site Setting').click();
  await page
    .getByLabel('Login Page Content', { exact: true })
    .fill('<p>We serve Lahore since 1998</p><img src="x" onerror="document.title=\'hacked\'">');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved Successfully!' }).first().waitFor();

  // A visitor: the About page says it, and what the server hands any visitor has no script in it.
  const visitor = await h.newContext(PHONE);
  devices.push({ ctx: visitor, page: await visitor.newPage() });
  const v = devices.at(-1)!.page;
  const answer = v.waitForResponse((r) => new URL(r.url()).pathname === '/api/settings');
  await v.goto('/about-elawfirm');
  const body = await (await answer).json();
  expect(body.setting.login_page_content).toContain('We serve Lahore since 1998');
  expect(body.setting.login_page_content).not.toMatch(/onerror|hacked/);
  expect(body.setting.site_name).toBe('Aslam & Co. Advocates');
  await v.getByText('We serve Lahore since 1998').waitFor({ timeout: WAIT_MS });
});

it('item 3: the case is "W.P. 122109/2026 …" on its page, the breadcrumbs, the order-sheet print and the calendar', async () => {
  const { page, ctx } = await adminDevice();
  await page.goto(`/petitions/${petitionId}`);
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByText('Case File (W.P. 122109/2026)')
    .waitFor();

  await page.goto(`/petition-order-sheets-index/${petitionId}`);
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: TITLE, exact: true })
    .waitFor();

  const print = await ctx.newPage();
  await print.goto(`/print-order-sheets/${petitionId}`);
  await print.getByRole('heading', { name: 'Dates Of Hearing' }).waitFor({ timeout: WAIT_MS });
  await print.getByRole('heading', { level: 1, name: TITLE, exact: true }).waitFor({ timeout: WAIT_MS });
  await print.close();

  await page.goto('/petitions-calendar');
  await page
    .getByRole('region', { name: /^Tomorrow/ })
    .getByRole('link', { name: TITLE, exact: true })
    .waitFor();
});

it('item 5: the case card cuts an Urdu name list between words, never inside a name', async () => {
  const { page } = await adminDevice();
  const list = new CaseListPage(page);
  await list.open();
  const card = list.card('W.P. 777/2026');
  await card.waitFor();
  const more = await list.more('W.P. 777/2026');
  const petitioner = more.getByRole('definition').filter({ hasText: 'مُحَمَّد' });
  expect(await petitioner.innerText()).toBe('مُحَمَّد اَسلَم…');
  // The whole list is still there for whoever holds a finger or a pointer on it.
  expect(await petitioner.getAttribute('title')).toBe(URDU_PETITIONERS.join(', '));
  await expectPhoneFriendly(page, card);
});

it('item 6: the calendar says the spec’s words when an event is saved and deleted', async () => {
  const { page } = await adminDevice();
  const accept = (d: { accept: () => Promise<void>; message: () => string }) => {
    expect(d.message()).toBe('Do you really want to delete?');
    void d.accept();
  };
  page.on('dialog', accept);
  await page.goto('/petitions-calendar');
  await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await page.getByRole('button', { name: /^Add event on / }).click();
  const modal = page.getByRole('dialog', { name: 'Add Event' });
  await modal.getByLabel('Title of Case or Meeting').fill('Bar council meeting');
  await modal.getByRole('button', { name: 'Add Event', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Event saved Successfully!' }).first().waitFor();

  // The admin opens it again, changes it: the same words; deletes it after the browser's question.
  await page.getByRole('button', { name: 'Bar council meeting', exact: true }).first().click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await edit.getByLabel('Summary').fill('Elections of the bar');
  await edit.getByRole('button', { name: 'Edit Event', exact: true }).click();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Event saved Successfully!' }).count())
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Bar council meeting', exact: true }).first().click();
  await page
    .getByRole('dialog', { name: 'Edit Event' })
    .getByRole('button', { name: 'Delete Event' })
    .click();
  await page.getByRole('status').filter({ hasText: 'Deleted Successfully!' }).first().waitFor();
  page.off('dialog', accept);
});

it('item 7: phones are formatted as Pakistani numbers on entry, and a wrong one is refused with a clear message', async () => {
  const { page } = await adminDevice();
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.tab('Invoice Settings').click();
  const phone = page.getByLabel('Invoice Phone', { exact: true });
  await phone.fill('04237654321');
  await phone.blur();
  await expect.poll(() => phone.inputValue()).toBe('042-37654321');
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('The phone must be a Pakistani number', { exact: false }).first().waitFor();
  await phone.fill('0300 1234567');
  await phone.blur();
  await expect.poll(() => phone.inputValue()).toBe('0300-1234567');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved Successfully!' }).first().waitFor();

  // A new invoice for a client whose phone is a Lahore landline typed into the account form's mask.
  await page.goto('/create-invoice');
  await page.getByRole('heading', { name: 'Create New Invoice' }).waitFor();
  await page.getByLabel('Client', { exact: true }).fill('Rashid');
  await page
    .getByRole('option', { name: CLIENT.name })
    .or(page.getByRole('button', { name: CLIENT.name }))
    .first()
    .click();
  const clientPhone = page.getByLabel('Client phone', { exact: true });
  await expect.poll(() => clientPhone.inputValue()).toBe('042-37654321');
  // Typed on the invoice: checked when saved.
  await page.getByLabel('Edit client', { exact: true }).check();
  await clientPhone.fill('555-0100');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('The phone must be a Pakistani number', { exact: false }).first().waitFor();
  await expectPhoneFriendly(page, clientPhone);
});
