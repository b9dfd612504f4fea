import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG_PAGE_NOT_FOUND } from '@lawfirm/shared-types/library/pages.ts';
import { adminBearer, bearerFor, createFirm, createTestApp, describeEachDb, insertUser } from './helper.ts';
import type { TestApp } from './helper.ts';

type TPage = { id: string; slug: string; public_url: string };
type THeaders = Record<string, string>;

/**
 * A published page belongs to its firm's site: it answers on that firm's own domain (and the provider's pages on
 * the provider's site), and on any other host exactly as a page that does not exist.
 */
describeEachDb('published pages answer on their own firm’s host only', (kind) => {
  let t: TestApp;
  const A = 'firm-a.example.pk';
  const B = 'firm-b.example.pk';
  const PROVIDER = 'app.elawfirm.example';
  let firmAPage: TPage;
  let providerPage: TPage;

  const publish = async (auth: THeaders, title: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/general_case_laws',
      headers: auth,
      payload: { case_title: title, content: `<p>${title} text</p>` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ case_laws: TPage }>().case_laws;
  };
  const preview = (page: TPage, host: string) =>
    t.app.inject({ method: 'GET', url: page.public_url, headers: { host } });
  const asJson = (page: TPage, host: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/get_html_content?page_type=general-case-law&page_slug=${page.slug}`,
      headers: { host },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const firmA = await createFirm(t, 'Firm A', `https://${A}/`);
    await createFirm(t, 'Firm B', B);
    const adminA = await insertUser(t, { role: 'ADMIN', companyId: firmA });
    firmAPage = await publish(await bearerFor(t, adminA.email, adminA.password), 'Firm A bail rule');
    providerPage = await publish(await adminBearer(t), 'Provider khula rule');
  });
  afterAll(() => t.close());

  it('a firm’s page is served on its own domain', async () => {
    const page = await preview(firmAPage, A);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Firm A bail rule</title>');
    const json = await asJson(firmAPage, A);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ title: 'Firm A bail rule' });
  });

  it('a firm’s page on another firm’s domain or on the provider’s site is a 404 like a missing page', async () => {
    const missingPage = await t.app.inject({
      method: 'GET',
      url: '/preview/general-case-law/no-such-page',
      headers: { host: A },
    });
    expect(missingPage.statusCode).toBe(404);
    const missingJson = await t.app.inject({
      method: 'GET',
      url: '/api/get_html_content?page_type=general-case-law&page_slug=no-such-page',
      headers: { host: A },
    });
    for (const host of [B, PROVIDER, 'localhost']) {
      const page = await preview(firmAPage, host);
      expect(page.statusCode, host).toBe(404);
      expect(page.body, host).toBe(missingPage.body);
      expect(page.body).not.toContain('Firm A bail rule');
      const json = await asJson(firmAPage, host);
      expect(json.statusCode, host).toBe(404);
      expect(json.json()).toEqual({ message: MSG_PAGE_NOT_FOUND });
      expect(json.body).toBe(missingJson.body);
    }
  });

  it('the provider’s page is served on the provider’s site, not on a firm’s domain', async () => {
    for (const host of [PROVIDER, 'localhost']) {
      expect((await preview(providerPage, host)).statusCode, host).toBe(200);
      expect((await asJson(providerPage, host)).statusCode, host).toBe(200);
    }
    for (const host of [A, B]) {
      expect((await preview(providerPage, host)).statusCode, host).toBe(404);
      expect((await asJson(providerPage, host)).statusCode, host).toBe(404);
    }
  });
});
