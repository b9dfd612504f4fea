import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, ROLE_IDS } from '@lawfirm/shared-types';
import { adminToken, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { expectPhoneFriendly, PHONE, PHONES } from './phone.ts';
import { signedInDevice, type Device } from './session.ts';

/**
 * The admin's user form (issue 34 items 2 and 4): a "Language" field on a user's record, and an edit that sends
 * only what it changed, so a lawyer's own reminder hour and number, changed on their phone while the admin's form
 * was open, survive the admin's rename.
 */
const WAIT_MS = 20_000;
const LAWYER = { name: 'Form Lawyer', email: 'form.lawyer@e2e.firm', password: 'form-lawyer-pw-1' };
let h: Harness;
let lawyerId: string;
const devices: Device[] = [];

beforeAll(async () => {
  h = await startHarness();
  lawyerId = await createUserViaApi(h, { ...LAWYER, role_id: ROLE_IDS.LAWYER });
});
afterAll(async () => {
  for (const d of devices) await d.ctx.close();
  await h.close();
});

const serverUser = async () => {
  const r = await h.app.inject({
    method: 'GET',
    url: `/api/users/${lawyerId}`,
    headers: { authorization: `Bearer ${await adminToken(h)}` },
  });
  return r.json<{
    user: { name: string; phone: string | null; language?: string | null; reminder_hour?: number | null };
  }>().user;
};

it('the admin renames a lawyer and sets their language while the lawyer changes their hour and number: all stay', async () => {
  // The admin opens the lawyer's record on a phone.
  const admin = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  devices.push(admin);
  await admin.page.goto(`/users/edit/${encodeURIComponent(lawyerId)}`);
  const name = admin.page.getByLabel('Name', { exact: true });
  await expect.poll(() => name.inputValue(), { timeout: WAIT_MS }).toBe(LAWYER.name);
  const language = admin.page.getByLabel('Language', { exact: true });
  expect(await language.inputValue()).toBe('');
  for (const size of PHONES) {
    await admin.page.setViewportSize(size);
    await expectPhoneFriendly(admin.page, admin.page.getByRole('heading', { name: 'Edit User', level: 1 }));
  }

  // Meanwhile the lawyer sets their own reminder to 7 am on their phone; the server has it.
  const lawyer = await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE);
  devices.push(lawyer);
  await lawyer.page.goto(`/users/edit/${encodeURIComponent(lawyerId)}`);
  const section = lawyer.page.getByRole('region', { name: 'Reminders' });
  await section.getByLabel('At (Pakistan time)').selectOption({ label: '7 am' }, { timeout: WAIT_MS });
  await section.getByRole('button', { name: 'Save reminders' }).click();
  await lawyer.page.getByText('Reminders saved.').waitFor({ timeout: WAIT_MS });
  await expect.poll(async () => (await serverUser()).reminder_hour, { timeout: WAIT_MS }).toBe(7);
  // And their own number, on their profile form.
  await lawyer.page.getByLabel('Phone', { exact: true }).fill('0321-4567890');
  await lawyer.page.getByRole('button', { name: 'Update', exact: true }).click();
  await lawyer.page.getByText(MSG.updatedOk).waitFor({ timeout: WAIT_MS });

  // The admin's form, loaded before that, renames the lawyer and sets Urdu.
  await name.fill('Form Lawyer Khan');
  await language.selectOption({ label: 'Urdu (اردو)' });
  await admin.page.getByRole('button', { name: 'Update', exact: true }).click();
  await admin.page.getByText(MSG.updatedOk).waitFor({ timeout: WAIT_MS });
  expect(await serverUser()).toMatchObject({
    name: 'Form Lawyer Khan',
    language: 'ur',
    reminder_hour: 7,
    phone: '0321-4567890',
  });
});
