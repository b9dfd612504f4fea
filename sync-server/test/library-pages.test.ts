import { afterAll, beforeAll, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { MSG } from '@lawfirm/shared-types';
import {
  MSG_CASE_TITLE_REQUIRED,
  MSG_CATEGORY_MISSING,
  MSG_LIBRARY_FILE_TYPES,
  MSG_PAGE_NOT_FOUND,
} from '@lawfirm/shared-types/library/pages.ts';
import { newId } from '../src/db/ids.ts';
import { caseFirm, multipart, PNG_1PX, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';

type TFile = { id: string; file_name: string; mime_type: string; sha256: string; url: string };
type TPage = Record<string, unknown> & {
  id: string;
  slug: string;
  content: string;
  plain_content: string;
  excerpt: string;
  public_url: string;
  files: TFile[];
  attachment: TFile | null;
};

const EVIL = '<p onclick="alert(1)">Bail <a href="javascript:alert(1)">x</a></p><script>alert(2)</script>';

async function realPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Plaint');
  return Buffer.from(await doc.save());
}

/** The library's published pages (rest-contract 10, 70–73, 82–90) and their sync, on each database. */
describeEachDb('library pages', (kind) => {
  let f: CaseFirm;
  let admin: Auth, lawyer: Auth, student: Auth, other: Auth;
  beforeAll(async () => {
    f = await caseFirm(kind);
    ({ admin, lawyer, student, other } = f);
  });
  afterAll(() => f.t.close());

  const post = (url: string, auth: Auth, body: object) => f.call('POST', url, auth, body);
  const inject = (url: string, auth: Auth, body: { payload: Buffer; headers: Record<string, string> }) =>
    f.t.app.inject({ method: 'POST', url, headers: { ...auth, ...body.headers }, payload: body.payload });

  it('propositions: saved with clean HTML, derived text and a public slug; listed under general_case_Laws with filters', async () => {
    const res = await post('/api/general_case_laws', admin, {
      case_title: 'Bail after arrest',
      keywords: 'bail, 497',
      legal_provisions: 'Section 497 Cr.P.C. '.repeat(8),
      content: EVIL,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ case_laws: TPage; message: string }>();
    expect(saved.message).toBe(MSG.savedOk);
    const page = saved.case_laws;
    expect(page.content).toBe('<p>Bail <a target="_blank" rel="noopener noreferrer nofollow">x</a></p>');
    expect(page.plain_content).toBe('Bail x');
    expect(page.slug).toMatch(/^bail-after-arrest-[0-9a-f]{12}$/);
    expect(page.public_url).toBe(`/preview/general-case-law/${page.slug}`);

    await post('/api/general_case_laws', admin, { case_title: 'Khula', keywords: 'family' });
    const list = async (q: string) =>
      (await f.call('GET', `/api/general_case_laws${q}`, lawyer))
        .json<{ general_case_Laws: TPage[] }>()
        .general_case_Laws.map((p) => p.case_title);
    expect(await list('')).toEqual(['Bail after arrest', 'Khula']);
    expect(await list('?keywords=FAMILY')).toEqual(['Khula']);
    expect(await list('?case_title=bail&keywords=497')).toEqual(['Bail after arrest']);
    const one = await f.call('GET', `/api/general_case_laws/${page.id}`, lawyer);
    expect(one.json<{ case_laws: TPage }>().case_laws.id).toBe(page.id);

    // Updating the title keeps the public address; new content is cleaned again.
    const upd = await post('/api/general_case_laws', admin, {
      ...page,
      case_title: 'Bail after arrest (2024)',
      content: '<h2>Rule</h2><img src=x onerror=alert(1)>',
    });
    expect(upd.json<{ message: string }>().message).toBe(MSG.updatedOk);
    const after = upd.json<{ case_laws: TPage }>().case_laws;
    expect(after).toMatchObject({ slug: page.slug, content: '<h2>Rule</h2>', plain_content: 'Rule' });
  });

  it('answers the spec’s messages and refuses bad input with 4xx, saving nothing', async () => {
    const empty = await post('/api/general_case_laws', admin, { case_title: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ validation_error: { case_title: [MSG_CASE_TITLE_REQUIRED] } });
    const noTitle = await post('/api/sample_pleadings', admin, { title: '' });
    expect(noTitle.json()).toMatchObject({ message: MSG.titleRequired });
    const badCategory = await post('/api/contracts_and_agreements', admin, {
      title: 'Rent deed',
      contract_category_id: newId(),
    });
    expect(badCategory.statusCode).toBe(422);
    expect(badCategory.json()).toMatchObject({ message: MSG_CATEGORY_MISSING });
    const exe = await inject(
      '/api/sample_pleadings',
      admin,
      multipart({ title: 'With exe' }, [
        { filename: 'x.pdf', type: 'application/pdf', data: Buffer.from('MZ\x90\x00not a pdf') },
      ]),
    );
    expect(exe.statusCode).toBe(422);
    expect(exe.json()).toMatchObject({ validation_error: { files: [MSG_LIBRARY_FILE_TYPES] } });
    const list = (await f.call('GET', '/api/sample_pleadings?title=With', admin)).json<{
      sample_pleadings: TPage[];
    }>();
    expect(list.sample_pleadings).toEqual([]);
    expect((await f.call('GET', `/api/sample_pleadings/${newId()}`, admin)).statusCode).toBe(404);
  });

  it('contracts: multipart with files[n] and a category, listed under contracts_and_agreemnets with their files', async () => {
    const cat = await post('/api/contract_categories', admin, { title: 'Tenancy' });
    expect(cat.statusCode, cat.body).toBe(200);
    const categoryId = cat.json<{ category: { id: string } }>().category.id;
    expect(
      (await f.call('GET', '/api/contract_categories', lawyer)).json<{ categories: { title: string }[] }>()
        .categories,
    ).toEqual([expect.objectContaining({ title: 'Tenancy' })]);

    const pdf = await realPdf();
    const res = await inject(
      '/api/contracts_and_agreements',
      admin,
      multipart(
        { title: 'Rent agreement', content: '<p>Monthly rent</p>', contract_category_id: categoryId },
        [
          { filename: 'photo.png', type: 'image/png', data: PNG_1PX },
          { filename: 'deed.pdf', type: 'application/pdf', data: pdf },
        ],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<{ contract_and_agreement: TPage }>().contract_and_agreement;
    expect(c.files.map((x) => [x.file_name, x.mime_type])).toEqual([
      ['photo.png', 'image/png'],
      ['deed.pdf', 'application/pdf'],
    ]);
    expect(c.attachment?.file_name).toBe('photo.png');
    // The file goes back to a reader of the firm as it was sent.
    const file = await f.call('GET', c.files[1]!.url, lawyer);
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.rawPayload).equals(pdf)).toBe(true);

    const list = (
      await f.call('GET', `/api/contracts_and_agreements?contract_category_id=${categoryId}`, lawyer)
    ).json<{ contracts_and_agreemnets: TPage[] }>().contracts_and_agreemnets;
    expect(list.map((x) => [x.title, x.excerpt])).toEqual([['Rent agreement', 'Monthly rent']]);

    // Deleting the page takes its files with it.
    expect((await f.call('DELETE', `/api/contracts_and_agreements/${c.id}`, admin)).json()).toEqual({
      message: MSG.deletedOk,
    });
    expect((await f.call('GET', `/api/contracts_and_agreements/${c.id}`, admin)).statusCode).toBe(404);
    expect((await f.call('GET', c.files[1]!.url, lawyer)).statusCode).toBe(404);
  });

  it('keeps roles and firms apart: lawyers read only, students read none, other firms see nothing', async () => {
    const page = (
      await post('/api/sample_pleadings', admin, { title: 'Written statement', content: '<p>WS</p>' })
    ).json<{ sample_pleading: TPage }>().sample_pleading;
    expect((await post('/api/sample_pleadings', lawyer, { title: 'L' })).statusCode).toBe(403);
    expect((await post('/api/sample_pleadings', lawyer, { id: page.id, title: 'L' })).statusCode).toBe(403);
    expect((await f.call('DELETE', `/api/sample_pleadings/${page.id}`, lawyer)).statusCode).toBe(403);
    const pdf = await realPdf();
    const filesByLawyer = await inject(
      '/api/sample_pleadings',
      lawyer,
      multipart({ title: 'L' }, [{ filename: 'a.pdf', type: 'application/pdf', data: pdf }]),
    );
    expect(filesByLawyer.statusCode).toBe(403);
    expect((await f.call('GET', '/api/sample_pleadings', student)).statusCode).toBe(403);
    expect((await f.t.app.inject({ method: 'GET', url: '/api/sample_pleadings' })).statusCode).toBe(401);

    const theirs = (await f.call('GET', '/api/sample_pleadings', other)).json<{
      sample_pleadings: TPage[];
    }>();
    expect(theirs.sample_pleadings.map((p) => p.id)).not.toContain(page.id);
    expect((await f.call('GET', `/api/sample_pleadings/${page.id}`, other)).statusCode).toBe(404);
    expect((await post('/api/sample_pleadings', other, { id: page.id, title: 'Stolen' })).statusCode).toBe(
      404,
    );
    expect((await f.call('DELETE', `/api/sample_pleadings/${page.id}`, other)).statusCode).toBe(404);
    const lawyers = (await f.call('GET', `/api/sample_pleadings/${page.id}`, lawyer)).json<{
      sample_pleading: TPage;
    }>();
    expect(lawyers.sample_pleading.title).toBe('Written statement');
  });

  it('serves published pages to anyone by slug (JSON and an HTML document), never unpublished or deleted ones', async () => {
    const page = (
      await post('/api/general_case_laws', admin, {
        case_title: 'Public <b>proposition</b>',
        content: `<p>Readable text</p>${EVIL}`,
      })
    ).json<{ case_laws: TPage }>().case_laws;
    const json = await f.t.app.inject({
      method: 'GET',
      url: `/api/get_html_content?page_type=general-case-law&page_slug=${page.slug}`,
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toEqual({
      title: 'Public <b>proposition</b>',
      content: expect.stringContaining('<p>Readable text</p>'),
    });
    expect(json.body).not.toMatch(/script|onclick|javascript:/);

    const html = await f.t.app.inject({ method: 'GET', url: page.public_url });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('<title>Public &lt;b&gt;proposition&lt;/b&gt;</title>');
    expect(html.body).toContain('<meta name="description" content="Readable text Bail x">');
    expect(html.body).not.toMatch(/<script|onclick|javascript:/);
    expect(String(html.headers['content-security-policy'])).toContain("default-src 'none'");

    // Wrong type, unknown slug, unpublished, deleted: not found, in JSON with the page's message.
    const missing = async (type: string, slug: string) => {
      const r = await f.t.app.inject({
        method: 'GET',
        url: `/api/get_html_content?page_type=${type}&page_slug=${slug}`,
      });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ message: MSG_PAGE_NOT_FOUND });
    };
    await missing('sample-pleading', page.slug);
    await missing('general-case-law', 'no-such-page');
    await post('/api/general_case_laws', admin, { id: page.id, published: false });
    await missing('general-case-law', page.slug);
    expect((await f.t.app.inject({ method: 'GET', url: page.public_url })).statusCode).toBe(404);
    await post('/api/general_case_laws', admin, { id: page.id, published: true });
    await f.call('DELETE', `/api/general_case_laws/${page.id}`, admin);
    await missing('general-case-law', page.slug);
  });

  it('syncs: a device push is cleaned like a REST write, and devices of readers receive pages and files', async () => {
    const adminDevice = await connectDevice(f.t, admin);
    const id = newId();
    const pushed = await adminDevice.push([
      {
        name: 'put',
        args: {
          entity: 'general_case_laws',
          id,
          values: { case_title: 'Made offline', keywords: 'phone', content: EVIL },
        },
      },
    ]);
    expect(pushed.results[0]).toMatchObject({ status: 'applied' });
    const lawyerDevice = await connectDevice(f.t, lawyer);
    const row = lawyerDevice.rowsOf('general_case_laws').find((r) => r.id === id)!;
    expect(row).toMatchObject({ case_title: 'Made offline', plain_content: 'Bail x' });
    expect(String(row.content)).not.toMatch(/script|onclick|javascript:/);
    expect(String(row.slug)).toMatch(/^made-offline-/);

    const refused = await lawyerDevice.push([
      { name: 'put', args: { entity: 'sample_pleadings', id: newId(), values: { title: 'By lawyer' } } },
    ]);
    expect(refused.results[0]).toMatchObject({ status: 'rejected', message: MSG.forbidden });
    const studentDevice = await connectDevice(f.t, student);
    expect(studentDevice.rowsOf('general_case_laws')).toEqual([]);
  });
});
