import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, type TCompany } from '@lawfirm/shared-types';
import {
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';

type Auth = { authorization: string };

describeEachDb('companies', (kind) => {
  let t: TestApp;
  let provider: Auth;

  beforeAll(async () => {
    t = await createTestApp(kind);
    provider = await adminBearer(t);
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Auth, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('creates a firm with a normalised domain, its own settings and reference data', async () => {
    const res = await inject('POST', '/api/companies', provider, {
      name: 'Rana & Co',
      domain: 'HTTPS://Rana.Example.PK/login',
    });
    expect(res.statusCode).toBe(200);
    const { company, message } = res.json<{ company: TCompany; message: string }>();
    expect(message).toBe('Saved Successfully!');
    expect(company).toMatchObject({ name: 'Rana & Co', domain: 'rana.example.pk', is_provider: false });

    const list = (await inject('GET', '/api/companies', provider)).json<{ companies: TCompany[] }>()
      .companies;
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(['Rana & Co']));
    expect(list[0]!.is_provider).toBe(true);

    // Its admin (registered through the user form) finds the firm's settings and seeded courts.
    const a = await insertUser(t, { role: 'ADMIN', companyId: company.id });
    const auth = await bearerFor(t, a.email, a.password);
    const settings = (await inject('GET', '/api/settings', auth)).json<{ setting: { site_name: string } }>()
      .setting;
    expect(settings.site_name).toBe('Rana & Co');
    const courts = (await inject('GET', '/api/courts', auth)).json<{ courts: unknown[] }>().courts;
    expect(courts.length).toBeGreaterThan(0);

    const one = await inject('GET', `/api/companies/${company.id}`, provider);
    expect(one.json()).toEqual({ company });
  });

  it('refuses a duplicate domain and missing fields with the spec messages', async () => {
    await createFirm(t, 'Taken', 'taken.example.pk');
    const dup = await inject('POST', '/api/companies', provider, {
      name: 'Copy',
      domain: 'https://Taken.Example.PK/',
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toMatchObject({
      message: 'The domain has already been taken.',
      validation_error: { domain: ['The domain has already been taken.'] },
    });
    const empty = await inject('POST', '/api/companies', provider, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().validation_error).toEqual({ name: [MSG.nameRequired], domain: [MSG.domainRequired] });
  });

  it('renames a firm and keeps its own domain free for itself', async () => {
    const id = (
      await inject('POST', '/api/companies', provider, { name: 'Old Name', domain: 'rename.example.pk' })
    ).json<{ company: TCompany }>().company.id;
    const res = await inject('POST', '/api/companies', provider, {
      id,
      name: 'New Name',
      domain: 'rename.example.pk',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().company).toMatchObject({ id, name: 'New Name' });
    expect(
      (await inject('POST', '/api/companies', provider, { id: 'missing', name: 'X', domain: 'x.pk' }))
        .statusCode,
    ).toBe(404);
  });

  it('shows a firm admin only their own company and refuses them every change', async () => {
    const firm = await createFirm(t, 'Small Firm', 'small.example.pk');
    const a = await insertUser(t, { role: 'ADMIN', companyId: firm });
    const auth = await bearerFor(t, a.email, a.password);
    const list = await inject('GET', '/api/companies', auth);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      companies: [
        {
          id: firm,
          name: 'Small Firm',
          domain: 'small.example.pk',
          is_provider: false,
          created_at: expect.any(String),
        },
      ],
    });
    expect(
      (await inject('POST', '/api/companies', auth, { name: 'Mine', domain: 'mine.example.pk' })).statusCode,
    ).toBe(403);
    expect((await inject('DELETE', `/api/companies/${t.providerId}`, auth)).statusCode).toBe(403);
    expect((await inject('GET', `/api/companies/${t.providerId}`, auth)).statusCode).toBe(403);
    const lawyer = await insertUser(t, { role: 'LAWYER' });
    const lAuth = await bearerFor(t, lawyer.email, lawyer.password);
    expect(
      (await inject('POST', '/api/companies', lAuth, { name: 'L', domain: 'l.example.pk' })).statusCode,
    ).toBe(403);
  });

  it('deletes a firm softly, blocking its people at their next request; the provider firm stays', async () => {
    const firm = await createFirm(t, 'Closing Firm', 'closing.example.pk');
    const u = await insertUser(t, { role: 'LAWYER', companyId: firm });
    const auth = await bearerFor(t, u.email, u.password);
    expect((await inject('GET', '/api/user', auth)).statusCode).toBe(200);

    const del = await inject('DELETE', `/api/companies/${firm}`, provider);
    expect(del.json()).toEqual({ message: 'Deleted Successfully!' });
    expect((await inject('GET', '/api/user', auth)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode).toBe(403);
    const names = (await inject('GET', '/api/companies', provider))
      .json<{ companies: TCompany[] }>()
      .companies.map((c) => c.id);
    expect(names).not.toContain(firm);
    expect((await inject('GET', `/api/companies/${firm}`, provider)).statusCode).toBe(404);
    // Its domain is free again for a new firm.
    expect(
      (await inject('POST', '/api/companies', provider, { name: 'Successor', domain: 'closing.example.pk' }))
        .statusCode,
    ).toBe(200);

    const self = await inject('DELETE', `/api/companies/${t.providerId}`, provider);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('The main company of the platform cannot be deleted.');
  });
});
