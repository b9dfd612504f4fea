import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG_PHONE_NOT_PK } from '@lawfirm/shared-types/common/phone.ts';
import { bearerFor, createFirm, createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';
import { connectDevice, type Device } from './device.ts';

type Auth = { authorization: string };

const FULL = {
  site_name: 'Aslam & Co.',
  site_email: 'office@aslam.pk',
  site_phone: '0300-1234567',
  site_url: 'https://aslam.pk',
  host_whereby_iframe: 'https://whereby.com/host',
  public_whereby_iframe: 'https://whereby.com/public',
  additionalemails: ['a@aslam.pk'],
  invoice_heading: 'Aslam & Co. Advocates',
  invoice_heading_left: 'Lahore',
  invoice_heading_right: 'NTN 1234567-8',
  invoice_address: '12 Mall Road, Lahore',
  invoice_phone: '042-37654321',
  login_page_content: '<p>About the firm</p>',
  site_file_name: 'logo.png',
  tell_client_en: 'Case {case}: next date {next_date}.',
  tell_client_ur: 'مقدمہ {case}: آئندہ تاریخ {next_date}',
};

/** HTML an About text must never serve a visitor as is. */
const HOSTILE =
  '<p>We serve Lahore</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>';

describeEachDb('settings: a save changes only the fields it carries', (kind) => {
  let t: TestApp;
  let admin: Auth;
  let device: Device;
  const HOST = 'partial.example.pk';

  beforeAll(async () => {
    t = await createTestApp(kind);
    const firm = await createFirm(t, 'Partial Firm', HOST);
    const a = await insertUser(t, { role: 'ADMIN', companyId: firm });
    admin = await bearerFor(t, a.email, a.password);
    device = await connectDevice(t, admin);
  });
  afterAll(() => t.close());

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/settings', headers: admin, payload });
  const saved = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json<{
      setting: Record<string, unknown>;
    }>().setting;
  const visitorSees = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { host: HOST } })).json<{
      setting: Record<string, unknown>;
    }>().setting;
  const settingsId = () => device.rowsOf('settings')[0]!.id as string;

  it('over REST: a body with some fields leaves the site name, email, phone and the rest as they were', async () => {
    expect((await post(FULL)).statusCode).toBe(200);
    const res = await post({ invoice_heading: 'New Heading' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ setting: unknown }>().setting).toEqual({ ...FULL, invoice_heading: 'New Heading' });
    expect(await saved()).toEqual({ ...FULL, invoice_heading: 'New Heading' });
    // A field sent empty is cleared, and only that one; an empty site URL is the default one.
    const cleared = await post({ invoice_heading_left: '', site_url: '' });
    expect(cleared.json<{ setting: unknown }>().setting).toEqual({
      ...FULL,
      invoice_heading: 'New Heading',
      invoice_heading_left: null,
      site_url: 'https://elawfirmpk.com',
    });
    expect(await visitorSees()).toMatchObject({
      site_name: FULL.site_name,
      site_email: FULL.site_email,
      site_phone: FULL.site_phone,
    });
  });

  it('over a device’s push: the fields it sends change, the others stay', async () => {
    await device.pull();
    const pushed = await device.push([
      { name: 'put', args: { entity: 'settings', id: settingsId(), values: { site_name: 'Pushed Name' } } },
    ]);
    expect(pushed.results).toEqual([{ id: 1, status: 'applied' }]);
    expect(await saved()).toMatchObject({
      site_name: 'Pushed Name',
      site_email: FULL.site_email,
      site_phone: FULL.site_phone,
      invoice_heading: 'New Heading',
      additionalemails: FULL.additionalemails,
    });
  });

  it('cleans the About text on save over REST: a visitor never gets its scripts', async () => {
    const res = await post({ login_page_content: HOSTILE });
    expect(res.statusCode, res.body).toBe(200);
    for (const about of [
      res.json<{ setting: { login_page_content: string } }>().setting.login_page_content,
      (await visitorSees()).login_page_content as string,
    ]) {
      expect(about).toContain('<p>We serve Lahore</p>');
      expect(about).not.toMatch(/script|onerror|javascript:|alert/i);
    }
    // The rest is untouched by it.
    expect(await saved()).toMatchObject({ site_name: 'Pushed Name', site_email: FULL.site_email });
  });

  it('cleans the About text on save over a device’s push, and the device pulls the clean text', async () => {
    await device.pull();
    const pushed = await device.push([
      {
        name: 'put',
        args: {
          entity: 'settings',
          id: settingsId(),
          values: { login_page_content: `<h2>Pushed</h2>${HOSTILE}` },
        },
      },
    ]);
    expect(pushed.results).toEqual([{ id: 2, status: 'applied' }]);
    const about = (await visitorSees()).login_page_content as string;
    expect(about).toContain('<h2>Pushed</h2>');
    expect(about).not.toMatch(/script|onerror|javascript:|alert/i);
    const pulled = (await device.pull()).get(`settings/${settingsId()}`);
    expect(pulled?.login_page_content).toBe(about);
    expect(await saved()).toMatchObject({ site_name: 'Pushed Name', invoice_heading: 'New Heading' });
  });

  it('checks the invoice phone on both paths and stores it as it is read', async () => {
    const ok = await post({ invoice_phone: '04237654321' });
    expect(ok.json<{ setting: { invoice_phone: string } }>().setting.invoice_phone).toBe('042-37654321');
    const bad = await post({ invoice_phone: '12345', site_name: 'Not Saved' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: MSG_PHONE_NOT_PK,
      validation_error: { invoice_phone: [MSG_PHONE_NOT_PK] },
    });
    await device.pull();
    const pushed = await device.push([
      { name: 'put', args: { entity: 'settings', id: settingsId(), values: { invoice_phone: 'call us' } } },
    ]);
    expect(pushed.results).toEqual([{ id: 3, status: 'rejected', message: MSG_PHONE_NOT_PK }]);
    expect(await saved()).toMatchObject({ site_name: 'Pushed Name', invoice_phone: '042-37654321' });
  });
});
