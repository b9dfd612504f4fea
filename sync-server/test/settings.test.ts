import { afterAll, beforeAll, expect, it } from 'vitest';
import { PUBLIC_SETTINGS_FIELDS, SETTINGS_FIELDS, type TSettings } from '@lawfirm/shared-types';
import {
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';
import { connectDevice } from './device.ts';

type Auth = { authorization: string };

const fullSettings = (over: Partial<TSettings> = {}) => ({
  site_name: 'Firm Site',
  site_email: 'office@firm.pk',
  site_phone: '0300-1234567',
  site_url: 'https://firm.pk',
  host_whereby_iframe: 'https://whereby.com/host',
  public_whereby_iframe: 'https://whereby.com/public',
  additionalemails: ['a@firm.pk', 'b@firm.pk'],
  invoice_heading: 'Firm Invoices',
  invoice_heading_left: 'Left text',
  invoice_heading_right: 'Right text',
  invoice_address: '1 Mall Road, Lahore',
  invoice_phone: '042-1234567',
  login_page_content: '<p>Welcome</p>',
  site_file_name: 'logo.png',
  tell_client_en: 'Case {case}: next date {next_date}.',
  tell_client_ur: 'مقدمہ {case}: آئندہ تاریخ {next_date}',
  ...over,
});

describeEachDb('settings', (kind) => {
  let t: TestApp;
  let provider: Auth;
  let firm: string;
  let firmAdmin: Auth;

  beforeAll(async () => {
    t = await createTestApp(kind);
    provider = await adminBearer(t);
    firm = await createFirm(t, 'Hostname Firm', 'hostname.example.pk');
    const a = await insertUser(t, { role: 'ADMIN', companyId: firm });
    firmAdmin = await bearerFor(t, a.email, a.password);
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/settings', headers }).then((r) => ({
      status: r.statusCode,
      setting: r.json<{ setting: Record<string, unknown> }>().setting,
    }));

  it('answers a signed-out visitor the public fields of the provider firm', async () => {
    const r = await get();
    expect(r.status).toBe(200);
    expect(Object.keys(r.setting).sort()).toEqual([...PUBLIC_SETTINGS_FIELDS].sort());
    expect(r.setting).toMatchObject({ site_name: 'eLawFirm', site_phone: '0300-1234567' });
    // "Bearer null" (the original client signed out) and a bad token are a visitor too, never a 401.
    expect((await get({ authorization: 'Bearer null' })).setting).toEqual(r.setting);
    expect((await get({ authorization: 'Bearer not.a.token' })).status).toBe(200);
  });

  it('chooses the firm by the Host header for a signed-out request', async () => {
    expect((await get({ host: 'hostname.example.pk' })).setting.site_name).toBe('Hostname Firm');
    expect((await get({ host: 'Hostname.Example.PK:8443' })).setting.site_name).toBe('Hostname Firm');
    expect((await get({ host: 'unknown.example.pk' })).setting.site_name).toBe('eLawFirm');
  });

  it('gives an admin every field of their own firm and others only the public ones', async () => {
    const admin = await get(provider);
    expect(Object.keys(admin.setting).sort()).toEqual([...SETTINGS_FIELDS].sort());
    expect(admin.setting.additionalemails).toEqual([]);
    const lawyer = await insertUser(t, { role: 'LAWYER', companyId: firm });
    const own = await get(await bearerFor(t, lawyer.email, lawyer.password));
    expect(Object.keys(own.setting).sort()).toEqual([...PUBLIC_SETTINGS_FIELDS].sort());
    expect(own.setting.site_name).toBe('Hostname Firm');
    // A signed-in user gets their own firm whatever host they came through.
    expect((await get({ ...firmAdmin, host: 'localhost' })).setting.site_name).toBe('Hostname Firm');
  });

  it('saves every field for the admin’s own firm only, with additional emails as a list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: firmAdmin,
      payload: fullSettings(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ setting: fullSettings(), message: 'Saved Successfully!' });
    expect((await get(firmAdmin)).setting).toEqual(fullSettings());
    // The provider firm's invoice heading is untouched.
    expect((await get(provider)).setting.invoice_heading).toBe('Demo Law Associates');

    const emptyUrl = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: firmAdmin,
      payload: fullSettings({
        site_url: '',
        additionalemails: 'x@firm.pk, y@firm.pk' as unknown as string[],
      }),
    });
    expect(emptyUrl.json().setting).toMatchObject({
      site_url: 'https://elawfirmpk.com',
      additionalemails: ['x@firm.pk', 'y@firm.pk'],
    });
    // A client that leaves a field out leaves it as it was (settings-partial.test.ts has the rest).
    const { additionalemails: _omit, ...rest } = fullSettings();
    const partial = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: firmAdmin,
      payload: rest,
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().setting.additionalemails).toEqual(['x@firm.pk', 'y@firm.pk']);
  });

  it('refuses bad values with 422 and non-admins with 403', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: provider,
      payload: fullSettings({ site_phone: '12345', additionalemails: ['nope'] }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validation_error).toEqual({
      site_phone: ['The phone must look like 0300-1234567.'],
      additionalemails: ['Every additional email must be a valid email address.'],
    });
    const lawyer = await insertUser(t, { role: 'LAWYER' });
    const l = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: await bearerFor(t, lawyer.email, lawyer.password),
      payload: fullSettings(),
    });
    expect(l.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/settings', payload: fullSettings() })).statusCode,
    ).toBe(401);
    expect((await get(provider)).setting.site_name).toBe('eLawFirm');
  });

  it('a save over REST reaches the firm’s devices, and a device’s edit shows through GET /api/settings', async () => {
    const device = await connectDevice(t, firmAdmin);
    const lawyer = await insertUser(t, { role: 'LAWYER', companyId: firm });
    const lawyerDevice = await connectDevice(t, await bearerFor(t, lawyer.email, lawyer.password));
    const [before] = device.rowsOf('settings');
    const id = before!.id as string;

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: firmAdmin,
      payload: fullSettings({ site_name: 'Synced Firm', additionalemails: ['sync@firm.pk'] }),
    });
    expect(saved.statusCode).toBe(200);
    // Both devices pull it after the cursor of their first sync: the save was logged, not only stored. The
    // lawyer's device receives the public part only, as GET /api/settings answers a lawyer.
    for (const d of [device, lawyerDevice]) {
      const row = (await d.pull()).get(`settings/${id}`);
      expect(row).toMatchObject({ site_name: 'Synced Firm' });
      if (d === device) expect(row).toMatchObject({ additionalemails: ['sync@firm.pk'] });
      else expect(row).not.toHaveProperty('additionalemails');
      expect(row!.version as number).toBeGreaterThan(before!.version as number);
    }
    // Saving the same values again is no change: nothing for a device to pull.
    await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: firmAdmin,
      payload: fullSettings({ site_name: 'Synced Firm', additionalemails: ['sync@firm.pk'] }),
    });
    expect((await device.pull()).size).toBe(0);

    const pushed = await device.push([
      { name: 'put', args: { entity: 'settings', id, values: { site_name: 'Named Offline' } } },
    ]);
    expect(pushed.results).toEqual([{ id: 1, status: 'applied' }]);
    expect((await get(firmAdmin)).setting).toMatchObject({
      site_name: 'Named Offline',
      additionalemails: ['sync@firm.pk'],
    });
    expect((await get({ host: 'hostname.example.pk' })).setting.site_name).toBe('Named Offline');
    // The same rule on both paths: a lawyer's device may not edit settings.
    const refused = await lawyerDevice.push([
      { name: 'put', args: { entity: 'settings', id, values: { site_name: 'Lawyer Was Here' } } },
    ]);
    expect(refused.results).toEqual([{ id: 1, status: 'rejected', message: 'This action is unauthorized.' }]);
    expect((await get(firmAdmin)).setting.site_name).toBe('Named Offline');
  });
});
