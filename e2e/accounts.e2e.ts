import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { PetitionPage } from './pages/PetitionPage.ts';
import { SignUpPage } from './pages/SignUpPage.ts';
import { DashboardPage } from './pages/DashboardPage.ts';
import { UsersPage } from './pages/UsersPage.ts';
import { createUserViaApi } from './api.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('a visitor sends the contact form and the admin reads it', async () => {
  const ctx = await h.newContext();
  const page = await ctx.newPage();
  await page.goto('/');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect.poll(() => form.getByText('Name field is required.').isVisible()).toBe(true);
  expect(await form.getByText('Message field is required.').isVisible()).toBe(true);
  await form.getByLabel('Name').fill('Ayesha Khan');
  await form.getByLabel('Email').fill('ayesha@example.pk');
  await form.getByLabel('Subject').fill('Consultation');
  await form.getByLabel('Message').fill('I need advice on a rent dispute in Lahore.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await page.getByText('Saved Successfully!').waitFor();
  expect(await form.getByLabel('Name').inputValue()).toBe('');

  const rows = await h.app.db.selectFrom('contact_requests').selectAll().execute();
  expect(rows.map((r) => r.email)).toContain('ayesha@example.pk');

  const admin = await ctx.newPage();
  await new LoginPage(admin).open();
  await new LoginPage(admin).login(E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.waitForURL('**/dashboard');
  await admin.goto('/contact-requests');
  await admin.getByText('I need advice on a rent dispute in Lahore.').waitFor();
  await ctx.close();
});

it('a new user signs up, cannot log in until an admin approves, then sees the tiles of the role', async () => {
  const visitor = await h.newContext();
  const page = await visitor.newPage();
  const signUp = new SignUpPage(page);
  await signUp.open();
  await signUp.signUp({
    name: 'Bilal Ahmed',
    status: 'ASSOCIATE',
    email: 'bilal@example.pk',
    phone: '0300-1234567',
    password: 'bilal-password-1',
  });
  await page.getByText('Thank you for signing up!').first().waitFor({ timeout: 30_000 });

  const login = new LoginPage(page);
  await login.open();
  await login.login('bilal@example.pk', 'bilal-password-1');
  await page.getByText(/waiting for approval/i).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');

  const adminCtx = await h.newContext();
  const adminPage = await adminCtx.newPage();
  await new LoginPage(adminPage).open();
  await new LoginPage(adminPage).login(E2E_ADMIN.email, E2E_ADMIN.password);
  await adminPage.waitForURL('**/dashboard');
  const users = new UsersPage(adminPage);
  await users.open();
  const row = users.row('bilal@example.pk');
  await row.getByText('Pending Approval').waitFor();
  // The approval is written on the admin's device and sent by the sync engine: wait until it has gone
  // before closing the browser (closed earlier, it would be sent at the admin's next visit).
  const sent = adminPage.waitForResponse((r) => r.url().includes('/sync/push') && r.ok());
  await row.getByRole('button', { name: 'Approve' }).click();
  await row.getByText('Approved', { exact: true }).waitFor();
  await sent;
  await adminCtx.close();

  await login.login('bilal@example.pk', 'bilal-password-1');
  await page.waitForURL('**/dashboard');
  const titles = await new DashboardPage(page).tileTitles();
  // An associate is a lawyer of the firm: calendar and case files, and the provider firm's lawyer tools.
  expect(titles).toContain('Case Files');
  expect(titles).toContain('Court Calendar');
  expect(titles).toContain('FIR Reader');
  expect(titles).not.toContain('Accounts / Invoices');
  await visitor.close();
});

it('a student sees the Forbidden modal on a restricted tile', async () => {
  await createUserViaApi(h, {
    name: 'Sara Student',
    email: 'sara@student.pk',
    password: 'sara-password-1',
    role_id: ROLE_IDS.STUDENT,
  });
  const ctx = await h.newContext();
  const page = await ctx.newPage();
  await new LoginPage(page).open();
  await new LoginPage(page).login('sara@student.pk', 'sara-password-1');
  await page.waitForURL('**/dashboard');
  const dash = new DashboardPage(page);
  await dash.tileTitles();
  await dash.tile('Sample Contracts').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Forbidden: This module is not available in the Student Version').waitFor();
  expect(await dialog.getByText('0300-1234567').count()).toBeGreaterThan(0);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  await ctx.close();
});

it('a signed-out visit to a case file lands on login and returns there after it', async () => {
  const ctx = await h.newContext();
  const page = await ctx.newPage();
  await page.goto('/petitions/x');
  await page.waitForURL('**/login?redirect=*');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/petitions/x');
  await new LoginPage(page).login(E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL('**/petitions/x');
  // It must stay there (no later bounce to the dashboard): once the case page has given its answer (it comes
  // after the device's first download) or the dashboard is on screen, the address is still the case's.
  await new PetitionPage(page)
    .noRecords()
    .or(page.getByRole('heading', { name: 'Dashboard', exact: true }))
    .waitFor();
  expect(new URL(page.url()).pathname).toBe('/petitions/x');
  await ctx.close();
});
