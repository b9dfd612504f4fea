import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { ConflictsPage } from './pages/ConflictsPage.ts';
import { CourtsPage } from './pages/CourtsPage.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { seedCourt } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

/** Another admin of the same firm, on another device. */
const SECOND_ADMIN = { email: 'second.admin@e2e.firm', password: 'second-admin-password' };
/** What "within seconds" means for a change to reach a device that is online (the server's poke). */
const POKE_MS = 5_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await createUserViaApi(h, {
    name: 'Second Admin',
    email: SECOND_ADMIN.email,
    password: SECOND_ADMIN.password,
    role_id: ROLE_IDS.ADMIN,
    is_approved: true,
  });
});
afterAll(() => h.close());

const close = async (...devices: (Device | undefined)[]) => {
  for (const d of devices) await d?.ctx.close();
};

it('offline edits survive a reload and reach another admin as soon as the device is back online', async () => {
  let a: Device | undefined;
  let b: Device | undefined;
  try {
    a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
    b = await signedInDevice(h, SECOND_ADMIN.email, SECOND_ADMIN.password);
    const aHeader = new SyncHeader(a.page);
    const aCourts = new CourtsPage(a.page);
    const aSettings = new SettingsPage(a.page);
    // The other admin keeps the courts list open the whole time.
    const bCourts = new CourtsPage(b.page);
    await bCourts.open();

    // The firm's data is on the device (the settings form opens from it), then the network goes.
    await aSettings.open();
    await aSettings.siteName().waitFor();
    await a.ctx.setOffline(true);
    await aHeader.offline().waitFor();

    await aSettings.saveSiteName('Chambers of Offline & Co', 'on-device');
    await aHeader.siteName('Chambers of Offline & Co').waitFor();
    await aCourts.open();
    await aCourts.add('Court Added In The Corridor');
    await aHeader.pending(2).waitFor();

    // A reload with no network: the app, the new court, the new name and the queue are all still there.
    await a.page.reload();
    await aCourts.row('Court Added In The Corridor').waitFor();
    await aHeader.offline().waitFor();
    await aHeader.pending(2).waitFor();
    await aHeader.siteName('Chambers of Offline & Co').waitFor();
    await aSettings.open();
    expect(await aSettings.siteName().inputValue()).toBe('Chambers of Offline & Co');

    // Nothing has reached the other admin yet.
    expect(await bCourts.row('Court Added In The Corridor').count()).toBe(0);
    expect(await new SyncHeader(b.page).siteName('Chambers of Offline & Co').count()).toBe(0);

    await a.ctx.setOffline(false);
    await aHeader.online().waitFor();
    await bCourts.row('Court Added In The Corridor').waitFor({ timeout: POKE_MS });
    await new SyncHeader(b.page).siteName('Chambers of Offline & Co').waitFor({ timeout: POKE_MS });
    await aHeader.pending().waitFor({ state: 'detached', timeout: POKE_MS });
  } finally {
    await close(a, b);
  }
});

it('the same title changed on two offline devices is a conflict both see, and one choice settles it on both', async () => {
  let a: Device | undefined;
  let b: Device | undefined;
  try {
    await seedCourt(h, 'Banking Court Lahore');
    a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
    b = await signedInDevice(h, SECOND_ADMIN.email, SECOND_ADMIN.password);
    const aCourts = new CourtsPage(a.page);
    const bCourts = new CourtsPage(b.page);
    const aHeader = new SyncHeader(a.page);
    const bHeader = new SyncHeader(b.page);
    await aCourts.open();
    await bCourts.open();
    await aCourts.row('Banking Court Lahore').waitFor();
    await bCourts.row('Banking Court Lahore').waitFor();

    await a.ctx.setOffline(true);
    await b.ctx.setOffline(true);
    await aCourts.rename('Banking Court Lahore', 'Banking Court No. 1 Lahore');
    await bCourts.rename('Banking Court Lahore', 'Banking Court-I Lahore');

    // The first device back online wins; the second learns its edit became a conflict.
    await a.ctx.setOffline(false);
    await aHeader.pending().waitFor({ state: 'detached', timeout: POKE_MS });
    await b.ctx.setOffline(false);
    await bHeader.conflicts(1).waitFor({ timeout: POKE_MS });
    await bCourts.row('Banking Court No. 1 Lahore').waitFor();
    await aHeader.conflicts(1).waitFor({ timeout: POKE_MS });

    // Both list it with both values, each from its own side.
    await aHeader.conflicts(1).click();
    const aList = new ConflictsPage(a.page);
    const aCard = aList.card('Court: Banking Court No. 1 Lahore');
    await aCard.waitFor();
    expect(await aList.side(aCard, 'Yours').getByText('Banking Court No. 1 Lahore').count()).toBe(1);
    expect(await aList.side(aCard, 'Theirs').getByText('Banking Court-I Lahore').count()).toBe(1);

    await bHeader.conflicts(1).click();
    const bList = new ConflictsPage(b.page);
    const bCard = bList.card('Court: Banking Court No. 1 Lahore');
    await bCard.waitFor();
    expect(await bList.side(bCard, 'Yours').getByText('Banking Court-I Lahore').count()).toBe(1);
    expect(await bList.side(bCard, 'Theirs').getByText('Banking Court No. 1 Lahore').count()).toBe(1);

    // The second admin keeps their own title; the first sees the choice and the title without doing anything.
    await bCard.getByRole('button', { name: 'Keep mine' }).click();
    await bList.none().waitFor();
    await bHeader.conflicts().waitFor({ state: 'detached' });
    await aList.none().waitFor({ timeout: POKE_MS });
    await aHeader.conflicts().waitFor({ state: 'detached' });
    // Back to the courts list in the app (no reload, which would sync anyway).
    await a.page.goBack();
    await aCourts.row('Banking Court-I Lahore').waitFor();
    expect(await aCourts.row('Banking Court No. 1 Lahore').count()).toBe(0);
    await b.page.goBack();
    await bCourts.row('Banking Court-I Lahore').waitFor();
  } finally {
    await close(a, b);
  }
});
