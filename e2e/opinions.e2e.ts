import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG_REFERENCE_REQUIRED, ROLE_IDS } from '@lawfirm/shared-types';
import { adminToken, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { signedInDevice, type Device } from './session.ts';

const CLIENT = { name: 'Sana Mirza', email: 'sana.client@e2e.firm', password: 'sana-client-password-1' };
const OTHER = { name: 'Kamran Steel', email: 'kamran.client@e2e.firm', password: 'kamran-client-password-1' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await createUserViaApi(h, { ...CLIENT, role_id: ROLE_IDS.CLIENT });
  const otherId = await createUserViaApi(h, { ...OTHER, role_id: ROLE_IDS.CLIENT });
  // Another client's opinion, seeded through the API: Sana must never see it.
  const r = await h.app.inject({
    method: 'POST',
    url: '/api/opinions',
    headers: { authorization: `Bearer ${await adminToken(h)}` },
    payload: {
      client_id: otherId,
      reference_no: 'KS-77',
      subject: 'Customs duty on imported steel',
      issuance_date: '02/10/2026',
    },
  });
  if (r.statusCode !== 200) throw new Error(r.body);
});
afterAll(() => h.close());

type TServerOpinion = { id: string; reference_no: string; subject: string; issuance_date: string };
const serverOpinions = async () => {
  const r = await h.app.inject({
    method: 'GET',
    url: '/api/opinions',
    headers: { authorization: `Bearer ${await adminToken(h)}` },
  });
  return r.json<{ opinions: TServerOpinion[] }>().opinions;
};

it('an admin on a phone adds, edits inline (Update and Cancel) and deletes an opinion; a client sees only their own', async () => {
  const devices: Device[] = [];
  try {
    const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    devices.push(a);
    const page = a.page;
    await page.goto(`${h.baseUrl}/opinions`);
    const heading = page.getByRole('heading', { name: 'Opinions' });
    await heading.waitFor();
    await page.getByRole('cell', { name: 'KS-77' }).waitFor();

    // The add row: the spec's message for a missing reference, then a whole opinion, dated dd/mm/yyyy.
    const add = page.getByRole('form', { name: 'Add opinion' });
    await add.getByLabel('New opinion client', { exact: true }).selectOption({ label: CLIENT.name });
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await add.getByText(MSG_REFERENCE_REQUIRED).waitFor();
    await add.getByLabel('New reference No', { exact: true }).fill('SM-12');
    await add.getByLabel('New subject', { exact: true }).fill('Lease of the Gulberg shop');
    const date = add.getByLabel('New issuance date', { exact: true });
    expect(await date.getAttribute('type')).toBe('text');
    await date.fill('05112026');
    expect(await date.inputValue()).toBe('05/11/2026');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'SM-12' });
    await row.getByRole('cell', { name: '05/11/2026' }).waitFor();
    await row.getByRole('cell', { name: CLIENT.name }).waitFor();
    await expect
      .poll(async () => (await serverOpinions()).map((o) => o.reference_no).sort(), { timeout: 15_000 })
      .toEqual(['KS-77', 'SM-12']);
    await expectPhoneFriendly(page, heading);

    // Edit, then Cancel: what was typed is not dropped unasked; Keep editing keeps it, Discard leaves it.
    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    const editing = page
      .getByRole('row')
      .filter({ has: page.getByLabel('Reference No', { exact: true }) })
      .last();
    await editing.getByLabel('Subject', { exact: true }).fill('Something else');
    await editing.getByRole('button', { name: 'Cancel', exact: true }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Discard what you typed?' });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    expect(await editing.getByLabel('Subject', { exact: true }).inputValue()).toBe('Something else');
    await editing.getByRole('button', { name: 'Cancel', exact: true }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('cell', { name: 'Lease of the Gulberg shop' }).waitFor();

    // Edit, then Update: the row shows the new subject and date, and the server has them.
    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Update' }) });
    expect(await edit.getByLabel('Issuance Date', { exact: true }).inputValue()).toBe('05/11/2026');
    await edit.getByLabel('Subject', { exact: true }).fill('Lease of the Gulberg shop, renewal');
    await edit.getByLabel('Issuance Date', { exact: true }).fill('06/11/2026');
    await expectPhoneFriendly(page, heading);
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('cell', { name: 'Lease of the Gulberg shop, renewal' }).waitFor();
    await row.getByRole('cell', { name: '06/11/2026' }).waitFor();
    await page.getByText('Update Successfully!').first().waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await serverOpinions()).find((o) => o.reference_no === 'SM-12')?.subject, {
        timeout: 15_000,
      })
      .toBe('Lease of the Gulberg shop, renewal');

    // On a phone the opinions come first: the filters wait behind a button, which counts the active ones.
    const filters = page.getByRole('button', { name: /^Filters/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Reference No', { exact: true }).first().isVisible()).toBe(false);
    await filters.click();
    // The filter: Enter submits; Reset shows all again.
    await page.getByLabel('Reference No', { exact: true }).first().fill('KS');
    await page.getByLabel('Reference No', { exact: true }).first().press('Enter');
    await page.getByRole('cell', { name: 'SM-12' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filters 1 active', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByRole('cell', { name: 'SM-12' }).waitFor();
    // Without Enter, the changed filter applies by itself after 4 seconds (part 3 §9).
    await page.getByLabel('Subject', { exact: true }).first().fill('Gulberg');
    await page.getByRole('cell', { name: 'KS-77' }).waitFor({ state: 'detached', timeout: 8_000 });
    expect(await page.getByRole('cell', { name: 'SM-12' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByRole('cell', { name: 'KS-77' }).waitFor();

    // The client, on their phone, sees their opinion, never the other client's, and cannot change it.
    const c = await signedInDevice(h, CLIENT.email, CLIENT.password, PHONE);
    devices.push(c);
    await c.page.goto(`${h.baseUrl}/opinions`);
    const cHeading = c.page.getByRole('heading', { name: 'Opinions' });
    await c.page.getByRole('cell', { name: 'SM-12' }).waitFor({ timeout: 15_000 });
    expect(await c.page.getByText('KS-77').count()).toBe(0);
    expect(await c.page.getByText(OTHER.name).count()).toBe(0);
    expect(await c.page.getByRole('button', { name: /^(Edit|Delete)$/ }).count()).toBe(0);
    expect(await c.page.getByRole('form', { name: 'Add opinion' }).count()).toBe(0);
    await expectPhoneFriendly(c.page, cHeading);

    // Deleted after "Do you want to Delete?": gone on the admin's phone, the server and the client's phone.
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Do you want to Delete?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('cell', { name: 'SM-12' }).waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await serverOpinions()).map((o) => o.reference_no), { timeout: 15_000 })
      .toEqual(['KS-77']);
    await c.page.reload();
    await c.page.getByText('No Records found.').waitFor({ timeout: 15_000 });
  } finally {
    for (const d of devices) await d.ctx.close();
  }
});
