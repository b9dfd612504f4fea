import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminToken } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE, PHONES } from './phone.ts';
import { signedInDevice, type Device } from './session.ts';

/**
 * The firm's "Tell client" texts (issue 34): an admin words them in Settings on a phone, offline; a template
 * the app cannot fill says why; the saved texts reach the server when the phone is back online.
 */

const SYNC_MS = 15_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const serverSettings = async () => {
  const r = await h.app.inject({
    method: 'GET',
    url: '/api/settings',
    headers: { authorization: `Bearer ${await adminToken(h)}` },
  });
  return r.json<{ setting: { tell_client_en: string | null; tell_client_ur: string | null } }>().setting;
};

it('an admin words the English and Urdu texts on a phone with no network, and they reach the server', async () => {
  let d: Device | undefined;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    const { page, ctx } = d;
    const settings = new SettingsPage(page);
    await settings.open();
    await ctx.setOffline(true);
    await new SyncHeader(page).offline().waitFor();

    await settings.tab('Tell Client').click();
    const panel = page.getByRole('tabpanel', { name: 'Tell Client' });
    const en = panel.getByLabel('Tell Client Message (English)', { exact: true });
    const ur = panel.getByLabel('Tell Client Message (Urdu)', { exact: true });
    await en.waitFor();
    // Empty, each shows the default text it stands for.
    expect(await ur.getAttribute('placeholder')).toContain('{next_date}');
    expect(await ur.getAttribute('dir')).toBe('rtl');
    // Both phone screens (360x740 and 390x844), ending on the journey's own.
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await expectPhoneFriendly(page, en);
    }

    await en.fill('Case {case}: next date {nextdate}.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await panel
      .getByText('Unknown placeholder {nextdate}: use {case}, {court}, {outcome}, {next_date}.')
      .waitFor();
    await en.fill('Case {case}: next date {next_date}.');
    await ur.fill('مقدمہ {case} کی آئندہ تاریخ {next_date} ہے۔');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved on this device.' }).first().waitFor();
    expect((await serverSettings()).tell_client_en).toBeNull();

    await ctx.setOffline(false);
    await expect.poll(serverSettings, { timeout: SYNC_MS }).toEqual(
      expect.objectContaining({
        tell_client_en: 'Case {case}: next date {next_date}.',
        tell_client_ur: 'مقدمہ {case} کی آئندہ تاریخ {next_date} ہے۔',
      }),
    );
  } finally {
    await d?.ctx.close();
  }
});
