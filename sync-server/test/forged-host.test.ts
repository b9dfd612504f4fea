import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate } from '@lawfirm/shared-types';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { bearerFor, createFirm, describeEachDb, insertUser } from './helper.ts';

const EVIL = 'evil.example';
const FIRM = 'firm-a.example.pk';

/**
 * Links a server puts into its answers (PDF downloads, the FIR result, calendar feeds and their events) point at
 * the configured site (PUBLIC_URL, else the server's own address) or at the firm's registered domain when the
 * request came there; never at whatever Host header a request carried.
 */
describeEachDb('a forged Host header appears in no answer', (kind) => {
  let f: CaseFirm;
  let firmAdmin: Auth;
  let petitionId: string;
  const ORIGIN = 'http://localhost:3999';

  beforeAll(async () => {
    f = await caseFirm(kind, { publicUrl: null, port: 3999 });
    petitionId = await f.petition({ case_no: '55', title: 'Hosted v. State' });
    const res = await f.call('POST', '/api/add_hearing_date', f.admin, {
      petition_id: petitionId,
      order_sheet_date: formatDate(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const firm = await createFirm(f.t, 'Firm A', FIRM);
    const a = await insertUser(f.t, { role: 'ADMIN', companyId: firm });
    firmAdmin = await bearerFor(f.t, a.email, a.password);
  });
  afterAll(() => f.t.close());

  const send = (method: 'GET' | 'POST', url: string, host: string, auth?: Auth, payload?: object) =>
    f.t.app.inject({ method, url, headers: { host, ...auth }, ...(payload ? { payload } : {}) });
  const originOf = (url: string) => new URL(url).origin;
  const FIR = { filterSections: [{ section: '302' }], sectionData: { fir_no: '1', year: '2026' } };

  it('signed-in answers carry PDF links on the configured site', async () => {
    const list = await send('GET', '/api/petitions?page=1', EVIL, f.admin);
    expect(list.statusCode, list.body).toBe(200);
    const url = list.json<{ petitions: { data: { pdf_download_url: string }[] } }>().petitions.data[0]!
      .pdf_download_url;
    expect(originOf(url)).toBe(ORIGIN);
    expect(list.body).not.toContain(EVIL);
    const pending = await send('GET', '/api/get_pending_cases', EVIL, f.admin);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(originOf(pending.json<{ url: string }>().url)).toBe(ORIGIN);
    const one = await send('GET', `/api/petitions/${petitionId}`, EVIL, f.admin);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.body).not.toContain(EVIL);
  });

  it('the FIR reader’s PDF link is on the configured site', async () => {
    const search = await send('POST', '/api/section_search_results', EVIL, undefined, FIR);
    expect(search.statusCode, search.body).toBe(200);
    const url = search.json<{ fir_reader_result_pdf_download_url: string }>()
      .fir_reader_result_pdf_download_url;
    expect(originOf(url)).toBe(ORIGIN);
    expect(new URL(url).pathname).toBe('/api/fir_reader_result_pdf');
    const download = await send('POST', '/api/download_fir_reader_result_pdf', EVIL, undefined, FIR);
    expect(originOf(download.json<{ file_path: string }>().file_path)).toBe(ORIGIN);
    expect(download.body).not.toContain(EVIL);
  });

  it('a calendar feed and its events name no forged host', async () => {
    const made = await send('POST', '/api/calendar/feed', EVIL, f.admin);
    expect(made.statusCode, made.body).toBe(200);
    const url = new URL(made.json<{ url: string }>().url);
    expect(url.origin).toBe(ORIGIN);
    const feed = await send('GET', url.pathname, EVIL);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.body).toContain('Hosted v. State');
    expect(feed.body).not.toContain(EVIL);
  });

  it('a request on the firm’s own domain keeps its links there, without a port the request made up', async () => {
    await f.call('POST', '/api/petitions', firmAdmin, { case_no: '9', title: 'Firm v. Own Domain' });
    for (const host of [FIRM, `${FIRM}:6666`]) {
      const list = await send('GET', '/api/petitions?page=1', host, firmAdmin);
      expect(list.statusCode, list.body).toBe(200);
      const url = list.json<{ petitions: { data: { pdf_download_url: string }[] } }>().petitions.data[0]!
        .pdf_download_url;
      expect(originOf(url), host).toBe(`http://${FIRM}`);
      expect(list.body).not.toContain('6666');
      const search = await send('POST', '/api/section_search_results', host, undefined, FIR);
      const fir = search.json<{ fir_reader_result_pdf_download_url: string }>()
        .fir_reader_result_pdf_download_url;
      expect(originOf(fir), host).toBe(`http://${FIRM}`);
    }
    // Another firm's user asking on firm A's domain gets links on the configured site, not on A's domain.
    const list = await send('GET', '/api/petitions?page=1', FIRM, f.admin);
    const url = list.json<{ petitions: { data: { pdf_download_url: string }[] } }>().petitions.data[0]!
      .pdf_download_url;
    expect(originOf(url)).toBe(ORIGIN);
  });
});

/** With PUBLIC_URL set, links are on it. */
describeEachDb('links with PUBLIC_URL set', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind, { publicUrl: 'https://cases.example.pk/' });
    await f.petition({ case_no: '1', title: 'Public v. Url' });
  });
  afterAll(() => f.t.close());

  it('uses PUBLIC_URL whatever the Host header says', async () => {
    const list = await f.t.app.inject({
      method: 'GET',
      url: '/api/petitions?page=1',
      headers: { host: EVIL, ...f.admin },
    });
    const url = list.json<{ petitions: { data: { pdf_download_url: string }[] } }>().petitions.data[0]!
      .pdf_download_url;
    expect(new URL(url).origin).toBe('https://cases.example.pk');
    const fir = await f.t.app.inject({
      method: 'POST',
      url: '/api/section_search_results',
      headers: { host: EVIL },
      payload: { filterSections: [{ section: '302' }] },
    });
    expect(
      new URL(fir.json<{ fir_reader_result_pdf_download_url: string }>().fir_reader_result_pdf_download_url)
        .origin,
    ).toBe('https://cases.example.pk');
  });
});
