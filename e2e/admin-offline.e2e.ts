import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { ContactRequestsPage } from './pages/ContactRequestsPage.ts';
import { DashboardPage } from './pages/DashboardPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { UsersPage } from './pages/UsersPage.ts';
import { seedContactRequest } from './seed.ts';
import { signedInDevice, type Device } from './session.ts';

const PENDING = { name: 'Pending Person', email: 'pending.person@e2e.firm', password: 'pending-password-1' };
const MESSAGE = 'Please call me about a tenancy case in Rawalpindi.';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await createUserViaApi(h, { ...PENDING, role_id: ROLE_IDS.ASSOCIATE, is_approved: false });
  await seedContactRequest(h, { name: 'Visitor', email: 'visitor@example.pk', message: MESSAGE });
});
afterAll(() => h.close());

it('an admin with no network approves and renames a user and deletes a contact request; all of it reaches the server', async () => {
  const devices: Device[] = [];
  try {
    const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
    devices.push(a);
    const header = new SyncHeader(a.page);
    const users = new UsersPage(a.page);
    const requests = new ContactRequestsPage(a.page);
    // Both lists are on the device before the network goes.
    await requests.open();
    await requests.row(MESSAGE).waitFor();
    await users.open();
    await users.row(PENDING.email).getByText('Pending Approval', { exact: true }).waitFor();

    await a.ctx.setOffline(true);
    await header.offline().waitFor();
    await users.open();
    await users.search({ name: 'pending', status: 'Pending Approval' });
    await users.footer('Showing from 1 to 1 of 1').waitFor();
    const row = users.row(PENDING.email);
    await row.getByRole('button', { name: 'Approve', exact: true }).click();
    // It stays in the "Pending Approval" results, approved, with Block to undo it.
    await row.getByText('Approved', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Block', exact: true }).waitFor();
    // Honest with no network: saved on this device, to be sent; the spec's words once the server has it.
    await a.page.getByText('Saved on this device.').first().waitFor();
    expect(await a.page.getByText('User Approved Successfully!').count()).toBe(0);
    await users.rename(PENDING.email, 'Pending Person Renamed');
    await row.getByText('Pending Person Renamed', { exact: true }).waitFor();

    // The full form needs the server (a password, mail): it says so and will not save.
    await a.page.goto('/users/create');
    await a.page.getByText('You are offline. Creating or editing an account needs a connection.').waitFor();
    expect(await a.page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);

    await requests.open();
    await requests.remove(MESSAGE);
    await a.page.getByText('Saved on this device.').first().waitFor();
    expect(await a.page.getByText('Deleted Successfully!').count()).toBe(0);
    await requests.row(MESSAGE).waitFor({ state: 'detached' });
    await header.pending(3).waitFor();

    await a.ctx.setOffline(false);
    await header.pending().waitFor({ state: 'detached', timeout: 5_000 });
    await a.page.getByText('User Approved Successfully!').waitFor();
    await a.page.getByText('Deleted Successfully!').waitFor();

    // The server has it all: the user signs in, and a fresh device of the admin gets the same lists.
    const userDevice = await h.newContext();
    devices.push({ ctx: userDevice, page: await userDevice.newPage() });
    const login = new LoginPage(devices[1]!.page);
    await login.open();
    await login.login(PENDING.email, PENDING.password);
    await devices[1]!.page.waitForURL('**/dashboard');
    expect(await new DashboardPage(devices[1]!.page).tileTitles()).toContain('Case Files');

    const fresh = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password);
    devices.push(fresh);
    const freshUsers = new UsersPage(fresh.page);
    await freshUsers.open();
    await freshUsers.row(PENDING.email).getByText('Pending Person Renamed', { exact: true }).waitFor();
    expect(await freshUsers.row(PENDING.email).getByText('Approved', { exact: true }).count()).toBe(1);
    const freshRequests = new ContactRequestsPage(fresh.page);
    await freshRequests.open();
    await fresh.page.getByText('No Records found.').waitFor();
  } finally {
    for (const d of devices) await d.ctx.close();
  }
});
