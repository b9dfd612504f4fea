import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { adminToken, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { LinksPage } from './pages/LinksPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { signedInDevice, type Device } from './session.ts';

const LAWYER = { name: 'Link Lawyer', email: 'link.lawyer@e2e.firm', password: 'link-lawyer-password-1' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await createUserViaApi(h, { ...LAWYER, role_id: ROLE_IDS.LAWYER });
});
afterAll(() => h.close());

const serverLinks = async () => {
  const r = await h.app.inject({
    method: 'GET',
    url: '/api/links',
    headers: { authorization: `Bearer ${await adminToken(h)}` },
  });
  return r.json<{ links: { title: string; url: string; description: string | null }[] }>().links;
};

it('on a phone with no network an admin adds and edits a link, with the spec’s messages; it reaches the server and a lawyer’s phone', async () => {
  const devices: Device[] = [];
  try {
    const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    devices.push(a);
    const links = new LinksPage(a.page);
    const header = new SyncHeader(a.page);
    await links.open();
    await a.page.getByText('No Records found.').waitFor();

    await a.ctx.setOffline(true);
    await header.offline().waitFor();
    await a.page.getByRole('link', { name: 'Add New Link', exact: true }).click();
    await a.page.getByRole('heading', { name: 'Add New Link' }).waitFor();
    await a.page.getByText('e.g. https://www.supremecourt.gov.pk').waitFor();
    await links.submit();
    await a.page.getByText('Title field is required.').waitFor();
    await a.page.getByText('URL field is required.').waitFor();
    await links.fill({ title: 'Supreme Court', url: 'javascript:alert(1)' });
    await links.submit();
    await a.page.getByText('The URL must be a web address starting with http:// or https://.').waitFor();
    await links.fill({ url: 'https://www.supremecourt.gov.pk', description: 'Cause lists and judgments' });
    await links.submit();
    await a.page.waitForURL('**/links');
    // Honest while offline: saved on the phone, not yet at the office.
    await a.page
      .getByText(/Saved on this device/)
      .first()
      .waitFor();
    await links.row('Supreme Court').getByText('Cause lists and judgments').waitFor();

    await a.page.getByRole('link', { name: 'Edit Supreme Court', exact: true }).click();
    await a.page.getByRole('heading', { name: 'Edit Link' }).waitFor();
    expect(await a.page.getByLabel('URL').inputValue()).toBe('https://www.supremecourt.gov.pk');
    await links.fill({ title: 'Supreme Court of Pakistan' });
    await links.submit();
    await a.page.waitForURL('**/links');
    await links.row('Supreme Court of Pakistan').waitFor();
    await header.pending(2).waitFor();
    expect(await serverLinks()).toEqual([]);

    await a.ctx.setOffline(false);
    await header.pending().waitFor({ state: 'detached', timeout: 10_000 });
    expect(await serverLinks()).toEqual([
      expect.objectContaining({
        title: 'Supreme Court of Pakistan',
        url: 'https://www.supremecourt.gov.pk',
        description: 'Cause lists and judgments',
      }),
    ]);
    const title = links
      .row('Supreme Court of Pakistan')
      .getByRole('link', { name: 'Supreme Court of Pakistan', exact: true });
    expect(await title.getAttribute('href')).toBe('https://www.supremecourt.gov.pk');
    expect(await title.getAttribute('rel')).toContain('noopener');
    await expectPhoneFriendly(a.page, title);
    // The narrowest phones in use: 360 px wide.
    await a.page.setViewportSize({ width: 360, height: 740 });
    await expectPhoneFriendly(a.page, title);
    await a.page.setViewportSize({ width: 390, height: 844 });

    // A lawyer reads the firm's links on their phone, without Edit or Delete (admins only).
    const l = await signedInDevice(h, LAWYER.email, LAWYER.password, PHONE);
    devices.push(l);
    const lawyerLinks = new LinksPage(l.page);
    await lawyerLinks.open();
    await lawyerLinks.row('Supreme Court of Pakistan').waitFor();
    expect(await l.page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await l.page.getByRole('link', { name: /^Edit/ }).count()).toBe(0);

    // The admin deletes it after the spec's prompt; it goes from the server and from the lawyer's list.
    await links.remove('Supreme Court of Pakistan');
    await a.page.getByText('Deleted Successfully!').first().waitFor();
    await a.page.getByText('No Records found.').waitFor();
    await expect.poll(serverLinks, { timeout: 10_000 }).toEqual([]);
    await l.page.getByText('No Records found.').waitFor({ timeout: 15_000 });
  } finally {
    for (const d of devices) await d.ctx.close();
  }
});
