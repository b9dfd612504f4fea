import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, type TContactRequest } from '@lawfirm/shared-types';
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

const request = (over: Record<string, unknown> = {}) => ({
  name: 'Bilal Ahmed',
  email: 'bilal@example.pk',
  subject: 'Bail matter',
  message: 'Please call me about my case.',
  ...over,
});

describeEachDb('contact requests', (kind) => {
  let t: TestApp;
  let provider: Auth;
  let firm: string;
  let firmAdmin: Auth;

  beforeAll(async () => {
    t = await createTestApp(kind);
    provider = await adminBearer(t);
    firm = await createFirm(t, 'Contact Firm', 'contact.example.pk');
    const a = await insertUser(t, { role: 'ADMIN', companyId: firm });
    firmAdmin = await bearerFor(t, a.email, a.password);
  });
  afterAll(() => t.close());

  const send = (payload: object, host = 'localhost') =>
    t.app.inject({ method: 'POST', url: '/api/contact_requests', headers: { host }, payload });
  const list = (headers: Auth) => t.app.inject({ method: 'GET', url: '/api/get_contact_requests', headers });

  it('takes a visitor’s message without a token, stores it for the site’s firm and mails the firm', async () => {
    const res = await send(request());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Saved Successfully!' });
    const rows = (await list(provider)).json<{ contact_requests: TContactRequest[] }>().contact_requests;
    expect(rows[0]).toEqual({
      id: expect.any(String),
      name: 'Bilal Ahmed',
      email: 'bilal@example.pk',
      subject: 'Bail matter',
      message: 'Please call me about my case.',
      created_at: expect.any(String),
    });
    const mail = await t.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'info@demo.elawfirm.pk')
      .executeTakeFirst();
    expect(mail?.subject).toBe('New contact request: Bail matter');
    expect(mail?.body_text).toContain('Please call me about my case.');
  });

  it('answers the spec’s messages in both message and error, as the original client reads error', async () => {
    const empty = await send({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: MSG.nameRequired,
      error: MSG.nameRequired,
      validation_error: {
        name: [MSG.nameRequired],
        email: [MSG.emailRequired],
        message: [MSG.messageRequired],
      },
    });
    const badEmail = await send(request({ email: 'not-an-email' }));
    expect(badEmail.json()).toMatchObject({ error: MSG.emailInvalid });
    const noMessage = await send(request({ message: '   ' }));
    expect(noMessage.json().error).toBe(MSG.messageRequired);
  });

  it('files a request sent to a firm’s own domain with that firm only, newest first', async () => {
    await send(request({ name: 'First Visitor' }), 'contact.example.pk');
    await send(request({ name: 'Second Visitor', subject: null }), 'contact.example.pk');
    const mine = (await list(firmAdmin)).json<{ contact_requests: TContactRequest[] }>().contact_requests;
    expect(mine.map((r) => r.name)).toEqual(['Second Visitor', 'First Visitor']);
    expect(mine[0]!.subject).toBeNull();
    const providers = (await list(provider)).json<{ contact_requests: TContactRequest[] }>().contact_requests;
    expect(providers.map((r) => r.name)).not.toContain('First Visitor');
  });

  it('lets only the firm’s admin read and delete its requests', async () => {
    await send(request({ name: 'To Delete' }), 'contact.example.pk');
    const target = (await list(firmAdmin))
      .json<{ contact_requests: TContactRequest[] }>()
      .contact_requests.find((r) => r.name === 'To Delete')!;

    const lawyer = await insertUser(t, { role: 'LAWYER', companyId: firm });
    const lAuth = await bearerFor(t, lawyer.email, lawyer.password);
    expect((await list(lAuth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/get_contact_requests' })).statusCode).toBe(401);
    const url = `/api/delete_contact_request/${target.id}`;
    expect((await t.app.inject({ method: 'POST', url, headers: lAuth })).statusCode).toBe(403);
    // The original client's call carries its headers in the body and no token: refused on purpose.
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { headers: { Authorization: 'Bearer x' } } }))
        .statusCode,
    ).toBe(401);
    // Another firm's admin cannot see that it exists.
    const foreign = await t.app.inject({ method: 'POST', url, headers: provider });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: MSG.notFound });

    const ok = await t.app.inject({ method: 'POST', url, headers: firmAdmin });
    expect(ok.json()).toEqual({ message: 'Deleted Successfully!' });
    const after = (await list(firmAdmin)).json<{ contact_requests: TContactRequest[] }>().contact_requests;
    expect(after.map((r) => r.id)).not.toContain(target.id);
    expect((await t.app.inject({ method: 'POST', url, headers: firmAdmin })).statusCode).toBe(404);
  });

  it('a visitor’s request reaches the admins’ devices only, and a delete on either side reaches the other', async () => {
    const device = await connectDevice(t, firmAdmin);
    const lawyer = await insertUser(t, { role: 'LAWYER', companyId: firm });
    const lawyerDevice = await connectDevice(t, await bearerFor(t, lawyer.email, lawyer.password));
    const providerDevice = await connectDevice(t, provider);
    await send(request({ name: 'Synced Visitor' }), 'contact.example.pk');
    await send(request({ name: 'Second Synced Visitor' }), 'contact.example.pk');

    const pulled = [...(await device.pull()).values()];
    const first = pulled.find((r) => r?.name === 'Synced Visitor')!;
    expect(first).toMatchObject({
      company_id: firm,
      email: 'bilal@example.pk',
      subject: 'Bail matter',
      message: 'Please call me about my case.',
      deleted_at: null,
    });
    // Logged as a change of its own: the row's version is that change, and every field carries it.
    expect(first.version).toBeGreaterThan(0);
    expect(first.field_versions).toMatchObject({ name: first.version, message: first.version });
    const second = pulled.find((r) => r?.name === 'Second Synced Visitor')!;
    await lawyerDevice.pull();
    await providerDevice.pull();
    expect(lawyerDevice.rowsOf('contact_requests')).toEqual([]);
    expect(providerDevice.rowsOf('contact_requests').map((r) => r.id)).not.toContain(first.id);

    // Deleted over REST: gone from the device at its next pull.
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/delete_contact_request/${first.id as string}`,
      headers: firmAdmin,
    });
    expect(del.statusCode).toBe(200);
    expect((await device.pull()).get(`contact_requests/${first.id as string}`)).toBeNull();
    expect(device.rows.has(`contact_requests/${first.id as string}`)).toBe(false);

    // Deleted on a device: gone from the REST list.
    const pushed = await device.push([
      { name: 'delete', args: { entity: 'contact_requests', id: second.id } },
    ]);
    expect(pushed.results).toEqual([{ id: 1, status: 'applied' }]);
    const names = (await list(firmAdmin))
      .json<{ contact_requests: TContactRequest[] }>()
      .contact_requests.map((r) => r.name);
    expect(names).not.toContain('Second Synced Visitor');
    expect(names).not.toContain('Synced Visitor');
  });
});

describeEachDb('contact requests: rate limit', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('stops a flood from one address after 10 a minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push(
        (await t.app.inject({ method: 'POST', url: '/api/contact_requests', payload: request() })).statusCode,
      );
    expect(codes.every((c) => c === 200)).toBe(true);
    const flood = await t.app.inject({ method: 'POST', url: '/api/contact_requests', payload: request() });
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toEqual({ message: MSG.tooManyRequests });
    const rows = await t.app.db.selectFrom('contact_requests').select('id').execute();
    expect(rows).toHaveLength(10);
  });
});
