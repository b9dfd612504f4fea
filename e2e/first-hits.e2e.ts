import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate, ROLE_IDS, todayInPakistan } from '@lawfirm/shared-types';
import { adminToken, createUserViaApi } from './api.ts';
import { downloadFrom, pdfPageTexts } from './downloads.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { DiscardQuestion } from './pages/DiscardQuestion.ts';
import { InvoicesPage } from './pages/InvoicesPage.ts';
import { LimitationCalculatorPage } from './pages/LimitationCalculatorPage.ts';
import { PetitionFormPage } from './pages/PetitionFormPage.ts';
import { PetitionPage } from './pages/PetitionPage.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { seedCourtId, seedPetition } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

/**
 * Issue "What a lawyer hits first", tried as a lawyer and an office clerk would, on a phone and a desktop:
 * item 1 (nothing typed in a dialog is thrown away), 4 (one tap works while suggestions are open), 8 (the
 * limitation reminder says what it did and can be undone) and 9 (an invoice saved offline shows its date).
 */

const LAWYER = { name: 'Hina Lawyer', email: 'hina.lawyer@e2e.firm', password: 'hina-lawyer-password-1' };
const CLIENT = { name: 'Ayesha Khan', email: 'ayesha.first@e2e.firm', password: 'ayesha-client-password-1' };
const OTHER = { name: 'Bilal Traders', email: 'bilal.first@e2e.firm', password: 'bilal-client-password-1' };
const COURT = 'Lahore High Court, Lahore';
/** What "soon" means for a change to reach the server once the device is online. */
const WAIT_MS = 15_000;

let h: Harness;
let dir: string;
let petitionId: string;
let invoice: { id: string; no: number };

const asAdmin = async () => ({ authorization: `Bearer ${await adminToken(h)}` });
async function post<T>(url: string, payload: Record<string, unknown>): Promise<T> {
  const r = await h.app.inject({ method: 'POST', url, headers: await asAdmin(), payload });
  if (r.statusCode !== 200) throw new Error(`POST ${url}: ${r.statusCode} ${r.body}`);
  return r.json<T>();
}
type TServerInvoice = { invoice_status_id: number; total_paid_amount: string; due_amount: string };
const serverInvoice = async (id: string) =>
  (await h.app.inject({ method: 'GET', url: `/api/invoices/${id}`, headers: await asAdmin() })).json<{
    invoice: TServerInvoice;
  }>().invoice;

beforeAll(async () => {
  h = await startHarness();
  dir = await mkdtemp(join(tmpdir(), 'lf-first-hits-'));
  await createUserViaApi(h, { ...LAWYER, role_id: ROLE_IDS.LAWYER });
  const client = await createUserViaApi(h, { ...CLIENT, role_id: ROLE_IDS.CLIENT });
  await createUserViaApi(h, { ...OTHER, role_id: ROLE_IDS.CLIENT });
  const court = await seedCourtId(h, COURT);
  // Names the device offers as suggestions when a new case's parties are typed.
  petitionId = await seedPetition(h, {
    case_no: '345',
    year: 2026,
    title: 'Muhammad Aslam v. Federation',
    court_id: court,
    petitioners: ['Muhammad Aslam', 'Muhammad Bilal'],
    opponents: ['Federation of Pakistan'],
  });
  // An invoice of Rs 152,500 with Rs 50,000 paid.
  const made = await post<{ invoice: { id: string; invoice_no: number } }>('/api/invoices', {
    invoiceable_id: client,
    amount: '152500',
    invoice_status_id: 2,
  });
  invoice = { id: made.invoice.id, no: made.invoice.invoice_no };
  await post('/api/invoice/mark_as_paid', {
    invoiceable_id: invoice.id,
    payments: [{ paid_date: '01/11/2026', paid_amount: '50000' }],
  });
});
afterAll(async () => {
  await h?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The calendar's week (today in it) and its 'Add event' button of today. */
async function addEventToday(page: Device['page'], tap: boolean): Promise<void> {
  await page.goto('/petitions-calendar');
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const today = todayInPakistan();
  const dayName = new Date(`${today}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    timeZone: 'UTC',
  });
  const add = page.getByRole('button', { name: `Add event on ${dayName} ${formatDate(today)}` });
  if (tap) await add.tap();
  else await add.click();
}

/**
 * One tap of a finger at the middle of `target` as it is on screen now: what a user does, once. (Playwright's
 * own tap waits until nothing covers the target, which would hide a first tap that lands on something else.)
 */
async function tapOnce(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  await target.page().touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

it('item 1: on a phone, Mark as Paid keeps the payment just added: Paid in full on the device, the server and the PDF; closing with a payment typed asks', async () => {
  const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  try {
    const list = new InvoicesPage(a.page);
    await list.open();
    const row = list.row(CLIENT.name);
    await row.getByText('Rs. 50,000.00').waitFor({ timeout: WAIT_MS });
    await list.total('Due').getByText('Rs. 102,500.00').waitFor();

    await list.markAsPaid(invoice.no).tap();
    const dialog = list.dialog();
    await dialog.getByRole('button', { name: 'Add Payment', exact: true }).tap();
    // The new payment starts at what is still due.
    expect(await dialog.getByLabel('Paid amount', { exact: true }).inputValue()).toBe('102500.00');
    await dialog.getByRole('button', { name: 'Mark as Paid', exact: true }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Paid', { exact: true }).waitFor();
    expect(await row.locator('td[data-label="Paid"]').innerText()).toBe('Rs. 152,500.00');
    await list.total('Due').getByText('Rs. 0.00').waitFor({ timeout: 5_000 });

    // The payment is on the server, not only the status.
    await expect
      .poll(
        async () => {
          const inv = await serverInvoice(invoice.id);
          return [inv.invoice_status_id, inv.total_paid_amount, inv.due_amount];
        },
        { timeout: WAIT_MS },
      )
      .toEqual([3, '152500.00', '0.00']);
    // And in the PDF.
    const text = (
      await pdfPageTexts(await downloadFrom(list.download(invoice.no), join(dir, 'paid.pdf')))
    ).join('\n');
    expect(text).toContain('Status: Paid');
    expect(text).toContain('Paid: Rs. 152,500.00');
    expect(text).toContain('Balance due: Rs. 0.00');

    // A payment typed in the dialog and the dialog closed: it asks; Keep editing keeps the payment.
    await row.getByRole('button', { name: 'Show Payment Details', exact: true }).tap();
    await dialog.getByRole('button', { name: 'Add Payment', exact: true }).tap();
    await dialog.getByLabel('Notes', { exact: true }).fill('Refund of court fee');
    const question = new DiscardQuestion(a.page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().tap();
    await question.keepEditing();
    expect(await dialog.getByLabel('Notes', { exact: true }).inputValue()).toBe('Refund of court fee');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().tap();
    await question.discard();
    await dialog.waitFor({ state: 'hidden' });
  } finally {
    await a.ctx.close();
  }
});

it('item 1: the event modal, the hearing date, the pending tag, the user, case and invoice forms and the settings ask before dropping what was typed', async () => {
  const d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
  const { page } = d;
  const question = new DiscardQuestion(page);
  try {
    // Calendar: a summary typed, then Close.
    await addEventToday(page, false);
    const modal = page.getByRole('dialog', { name: 'Add Event' });
    await modal.getByLabel('Summary', { exact: true }).fill('Meet the client before the hearing');
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await question.keepEditing();
    expect(await modal.getByLabel('Summary', { exact: true }).inputValue()).toBe(
      'Meet the client before the hearing',
    );
    await page.keyboard.press('Escape');
    await question.discard();
    await modal.waitFor({ state: 'hidden' });

    // The case's hearing date: a date picked, then Cancel.
    const petition = new PetitionPage(page);
    await petition.open(petitionId);
    await page.getByRole('button', { name: 'Add Hearing Date', exact: true }).click();
    const editor = page.getByRole('group', { name: 'Set the next hearing' });
    await editor.getByLabel('Hearing date', { exact: true }).fill('2027-01-15');
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await question.keepEditing();
    expect(await editor.getByLabel('Hearing date', { exact: true }).inputValue()).toBe('2027-01-15');
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await question.discard();
    await editor.waitFor({ state: 'detached' });

    // Its pending tag: typed, then Cancel.
    await page.getByRole('button', { name: 'Add Pending Tag', exact: true }).click();
    await page.getByLabel('Pending Tag', { exact: true }).fill('Shelf 4');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await question.keepEditing();
    expect(await page.getByLabel('Pending Tag', { exact: true }).inputValue()).toBe('Shelf 4');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await question.discard();
    await page.getByRole('button', { name: 'Add Pending Tag', exact: true }).waitFor();

    // A new user's name typed, then Back.
    await page.goto('/users/create');
    await page.getByLabel('Name', { exact: true }).fill('Zainab Clerk');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await question.keepEditing();
    expect(new URL(page.url()).pathname).toBe('/users/create');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Zainab Clerk');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await question.discard();
    await page.waitForURL('**/users');

    // A new case's title typed, then Back; a new invoice's amount typed, then Back.
    await page.goto('/petitions/create');
    await page.getByLabel('Title', { exact: true }).fill('Aslam vs State');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await question.keepEditing();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Aslam vs State');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await question.discard();
    await page.waitForURL('**/petitions');
    await page.goto('/create-invoice');
    await page.getByLabel('Amount', { exact: true }).fill('25000');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await question.keepEditing();
    expect(await page.getByLabel('Amount', { exact: true }).inputValue()).toBe('25000');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await question.discard();
    await page.waitForURL('**/invoices');

    // Settings: a heading typed on one tab, then the FIR Sections link beside the tabs.
    const settings = new SettingsPage(page);
    await settings.open();
    await settings.tab('Invoice Settings').click();
    await page.getByLabel('Invoice Heading', { exact: true }).fill('Aslam & Co.');
    await settings.tab('General Settings').click();
    await page.getByRole('link', { name: 'FIR Sections', exact: true }).click();
    await question.keepEditing();
    await settings.tab('Invoice Settings').click();
    expect(await page.getByLabel('Invoice Heading', { exact: true }).inputValue()).toBe('Aslam & Co.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Saved Successfully!' })
      .first()
      .waitFor({ timeout: WAIT_MS });
    // Saved: leaving asks nothing.
    await page.getByRole('link', { name: 'FIR Sections', exact: true }).click();
    await page.waitForURL('**/fir-sections');
  } finally {
    await d.ctx.close();
  }
});

it('item 4: while suggestions are open, the first tap on another control works (parties, court, calendar case search, invoice client), on a phone and with a mouse', async () => {
  const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  const desk = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
  try {
    const { page } = a;
    const form = new PetitionFormPage(page);
    await form.open();
    const petitioners = form.group('Petitioner');
    const first = petitioners.getByLabel('Petitioner 1', { exact: true });
    await first.tap();
    await first.pressSequentially('Muhammad');
    await petitioners.getByRole('option', { name: 'Muhammad Aslam' }).waitFor();
    await tapOnce(petitioners.getByRole('button', { name: 'Add More', exact: true }));
    await petitioners.getByLabel('Petitioner 2', { exact: true }).waitFor({ timeout: 5_000 });
    // Nothing was picked by the tap: the name is as typed.
    expect(await first.inputValue()).toBe('Muhammad');

    // The court's list open, one tap into the lawyer picker opens its own.
    const court = page.getByLabel('Court', { exact: true });
    await court.tap();
    await court.pressSequentially('Lah');
    await page.getByRole('option', { name: COURT }).waitFor();
    await tapOnce(page.getByLabel('Lawyer', { exact: true }));
    await page.getByRole('option', { name: LAWYER.name }).waitFor({ timeout: 5_000 });

    // The calendar's case search open, one tap into Summary types there.
    await addEventToday(page, true);
    const modal = page.getByRole('dialog', { name: 'Add Event' });
    const title = modal.getByLabel('Title of Case or Meeting', { exact: true });
    await title.tap();
    await title.pressSequentially('345');
    await modal.getByRole('option', { name: '345/2026 Muhammad Aslam v. Federation' }).waitFor();
    await tapOnce(modal.getByLabel('Summary', { exact: true }));
    await page.keyboard.type('Stay');
    expect(await modal.getByLabel('Summary', { exact: true }).inputValue()).toBe('Stay');
    expect(await title.inputValue()).toBe('345');

    // The invoice's client search open, one tap into Services types there; the client is then picked.
    await page.goto('/create-invoice');
    const client = page.getByLabel('Client', { exact: true });
    await client.tap();
    await client.pressSequentially('Ayes');
    await page.getByText(CLIENT.name, { exact: true }).waitFor();
    // Found by the start of its name: a textarea's text becomes part of its label's.
    const services = page.getByLabel('Services');
    await tapOnce(services);
    await page.keyboard.type('Bail');
    expect(await services.inputValue()).toBe('Bail');
    await client.tap();
    await tapOnce(page.getByText(CLIENT.name, { exact: true }));
    expect(await page.getByLabel('Client email', { exact: true }).inputValue()).toBe(CLIENT.email);

    // With a mouse: one click on Add More.
    const deskForm = new PetitionFormPage(desk.page);
    await deskForm.open();
    const group = deskForm.group('Petitioner');
    await group.getByLabel('Petitioner 1', { exact: true }).pressSequentially('Muhammad');
    await group.getByRole('option', { name: 'Muhammad Aslam' }).waitFor();
    const more = group.getByRole('button', { name: 'Add More', exact: true });
    const box = (await more.boundingBox())!;
    await desk.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await group.getByLabel('Petitioner 2', { exact: true }).waitFor({ timeout: 5_000 });
  } finally {
    await a.ctx.close();
    await desk.ctx.close();
  }
});

it('item 8: a lawyer offline is told the reminder went on the calendar for 10/08/2026, and Undo removes it again', async () => {
  const l = await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE);
  try {
    const calc = new LimitationCalculatorPage(l.page);
    const header = new SyncHeader(l.page);
    await calc.open();
    await l.ctx.setOffline(true);
    await header.offline().waitFor();
    await calc.computeIca();
    await calc.remindMe().tap();
    const added = calc.message('Reminder added to your calendar for 10/08/2026');
    await added.waitFor({ timeout: 5_000 });
    await expectPhoneFriendly(l.page, added);
    await added.getByRole('button', { name: 'Undo', exact: true }).tap();
    await calc.message('Reminder removed from your calendar.').waitFor();
    await added.waitFor({ state: 'detached' });

    // Back online: the server keeps no such meeting.
    await l.ctx.setOffline(false);
    await header.pending().waitFor({ state: 'detached', timeout: WAIT_MS });
    const meetings = await h.app.db
      .selectFrom('calendar_meetings')
      .select(['title', 'deleted_at'])
      .where('title', 'like', 'Last date of filing%')
      .execute();
    expect(meetings.filter((m) => m.deleted_at === null)).toEqual([]);
  } finally {
    await l.ctx.close();
  }
});

it('item 9: an invoice saved with no network shows its date at once; its number follows the sync', async () => {
  const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  try {
    const { page } = a;
    const list = new InvoicesPage(page);
    const header = new SyncHeader(page);
    await list.open();
    await list.row(CLIENT.name).first().waitFor({ timeout: WAIT_MS });
    await a.ctx.setOffline(true);
    await header.offline().waitFor();
    await page.getByRole('link', { name: 'Create Invoice', exact: true }).tap();
    await page.getByRole('heading', { name: 'Create New Invoice' }).waitFor();
    await page.getByLabel('Client', { exact: true }).fill('Bila');
    await page.getByText(OTHER.name, { exact: true }).tap();
    await page.getByLabel('Amount', { exact: true }).fill('7500');
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.waitForURL('**/invoices');
    const row = list.row(OTHER.name);
    await row.getByText('number on sync').waitFor();
    // The day it was made on this device (the server, when it has it, stamps its own time).
    const today = formatDate(new Date().toISOString());
    await expect.poll(() => row.locator('td[data-label="Date"]').innerText(), { timeout: 5_000 }).toBe(today);
    const text = (
      await pdfPageTexts(await downloadFrom(list.download('number on sync'), join(dir, 'offline.pdf')))
    ).join('\n');
    expect(text).toContain(`Date: ${today}`);

    await a.ctx.setOffline(false);
    await row.getByText('number on sync').waitFor({ state: 'detached', timeout: WAIT_MS });
    expect(await row.locator('td[data-label="Date"]').innerText()).toBe(today);
  } finally {
    await a.ctx.close();
  }
});
