import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { todayInPakistan } from '@lawfirm/shared-types';
import { adminToken } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { signedInDevice, type Device } from './session.ts';

const CASE_TITLE = 'Export Journey vs The State';

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await startHarness();
  dir = mkdtempSync(join(tmpdir(), 'lf-e2e-export-'));
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/petitions',
    headers: { authorization: `Bearer ${await adminToken(h)}` },
    payload: { case_no: '55', title: CASE_TITLE },
  });
  if (res.statusCode !== 200) throw new Error(`seeding the case failed: ${res.body}`);
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

it('an admin downloads all firm data from Settings: a zip with the case files in it; offline it says it needs the network', async () => {
  let d: Device | null = null;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
    const settings = new SettingsPage(d.page);
    await settings.open();
    const button = settings.downloadAllData();
    const [download] = await Promise.all([d.page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`Demo Law Associates data ${todayInPakistan()}.zip`);
    const file = join(dir, 'export.zip');
    await download.saveAs(file);
    await d.page.getByText('File Downloaded SuccessFully').waitFor();

    const zip = unzipSync(new Uint8Array(readFileSync(file)));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(['case_files.json', 'people.json', 'README.txt', 'manifest.json']),
    );
    const cases = JSON.parse(new TextDecoder().decode(zip['case_files.json'])) as { title: string }[];
    expect(cases.map((c) => c.title)).toContain(CASE_TITLE);

    // The export is the server's (every device's changes, every file): with no network it says so.
    await d.ctx.setOffline(true);
    await new SyncHeader(d.page).offline().waitFor();
    await d.page.getByText('Downloading all firm data needs the network.', { exact: false }).waitFor();
    expect(await button.isDisabled()).toBe(true);
    await d.ctx.setOffline(false);
    await expect.poll(() => button.isEnabled()).toBe(true);
  } finally {
    await d?.ctx.close();
  }
});

it('on a 390x844 phone the download button is reachable and tap-sized', async () => {
  let d: Device | null = null;
  try {
    d = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    const settings = new SettingsPage(d.page);
    await settings.open();
    const button = settings.downloadAllData();
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectPhoneFriendly(d.page, d.page.getByRole('heading', { name: "Your firm's data" }));
  } finally {
    await d?.ctx.close();
  }
});
