import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { makeSmallPdf, URDU_PARTY } from '@lawfirm/shared-types/pdf/testing/fixtures.ts';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { pdfUrl } from '../src/case-files/pdf-urls.ts';
import { newId, nowIso } from '../src/db/ids.ts';
import type { Database } from '../src/db/schema.ts';
import { actorOf, findUserById } from '../src/auth/users.repository.ts';
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
/** A hearing a month ahead: the cover's next hearing is the first one not yet past. */
const NEXT_HEARING = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const shown = (iso: string) => iso.split('-').reverse().join('/');
type CaseTable =
  | 'petitions'
  | 'petition_parties'
  | 'petition_index'
  | 'order_sheets'
  | 'attachments'
  | 'courts'
  | 'case_categories'
  | 'module_types';

describeEachDb('PDF downloads', (kind) => {
  let t: TestApp;
  let admin: Auth;
  let student: Auth;
  let otherAdmin: Auth;
  let adminId: string;
  let petitionId: string;
  let mootId: string;
  let otherPetitionId: string;
  let itemId: string;

  const insert = async (table: CaseTable, companyId: string, values: Record<string, unknown>) => {
    const id = newId();
    const now = nowIso();
    await t.app.db
      .insertInto(table as keyof Database as 'courts')
      .values({
        id,
        company_id: companyId,
        created_at: now,
        updated_at: now,
        version: 1,
        deleted_at: null,
        ...values,
      } as never)
      .execute();
    return id;
  };

  /** A stored file of the firm, as a finished upload leaves it: the blob on disk and its row. */
  const stored = async (companyId: string, bytes: Uint8Array, mime: string) => {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const dir = join(t.config.dataDir, 'files', companyId, 'blobs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, sha256), bytes);
    await t.app.db
      .insertInto('blobs')
      .values({ company_id: companyId, sha256, size: bytes.length, mime_type: mime, created_at: nowIso() })
      .execute();
    return sha256;
  };

  const attach = (
    companyId: string,
    petition: string,
    ownerId: string,
    name: string,
    mime: string,
    sha256: string,
    order: number,
  ) =>
    insert('attachments', companyId, {
      petition_id: petition,
      owner_type: 'PetitionIndex',
      owner_id: ownerId,
      sha256,
      file_name: name,
      mime_type: mime,
      size: 1,
      title: null,
      display_order: order,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminBearer(t);
    const firm = t.providerId;
    adminId = (
      await t.app.db.selectFrom('users').select('id').where('company_id', '=', firm).executeTakeFirstOrThrow()
    ).id;
    const s = await insertUser(t, { role: 'STUDENT' });
    student = await bearerFor(t, s.email, s.password);
    const other = await createFirm(t, 'Other Firm');
    const o = await insertUser(t, { role: 'ADMIN', companyId: other });
    otherAdmin = await bearerFor(t, o.email, o.password);

    const court = await insert('courts', firm, { title: 'Lahore High Court', short_title: null });
    const category = await insert('case_categories', firm, { title: 'Writ Petition', abbreviation: 'W.P.' });
    const arguments_ = await insert('module_types', firm, {
      module_id: 1,
      title: 'Arguments',
      display_order: 0,
    });
    petitionId = await insert('petitions', firm, {
      case_no: '77',
      year: 2023,
      title: 'Ali Khan v. Province of Punjab',
      court_id: court,
      petition_type_id: category,
      institution_date: '2023-03-14',
      is_moot_case: 0,
      archived: 0,
      pending_tag: 'L-12',
      lawyer_ids: JSON.stringify([adminId]),
    });
    for (const [side, name, order] of [
      ['petitioner', URDU_PARTY, 0],
      ['opponent', 'Province of Punjab', 0],
    ] as const)
      await insert('petition_parties', firm, {
        petition_id: petitionId,
        side,
        name,
        user_id: null,
        display_order: order,
      });
    for (const date of ['2024-01-10', '2024-02-15', NEXT_HEARING])
      await insert('order_sheets', firm, {
        petition_id: petitionId,
        order_sheet_type_id: arguments_,
        order_sheet_date: date,
      });

    const png = await stored(
      firm,
      makePng(120, 80, (x) => (x < 60 ? [200, 30, 30] : [30, 30, 200])),
      'image/png',
    );
    const pdf = await stored(firm, await makeSmallPdf(2), 'application/pdf');
    const damaged = await stored(firm, makePng(40, 40, () => [0, 0, 0]).slice(0, 50), 'image/png');
    const item = (description: string, order: number) =>
      insert('petition_index', firm, {
        petition_id: petitionId,
        document_description: description,
        date: '2024-01-05',
        annexure: null,
        page_info: null,
        display_order: order,
      });
    itemId = await item('Writ petition', 0);
    const second = await item('Annexures', 1);
    await attach(firm, petitionId, itemId, 'photo.png', 'image/png', png, 0);
    await attach(firm, petitionId, second, 'scan.pdf', 'application/pdf', pdf, 0);
    await attach(firm, petitionId, second, 'damaged.png', 'image/png', damaged, 1);
    await attach(firm, petitionId, second, 'lost.png', 'image/png', 'f'.repeat(64), 2);

    mootId = await insert('petitions', firm, {
      case_no: '5',
      year: 2025,
      title: 'Moot Court Problem',
      is_moot_case: 1,
      archived: 0,
      lawyer_ids: '[]',
    });
    otherPetitionId = await insert('petitions', other, {
      case_no: '9',
      title: 'Another firm',
      is_moot_case: 0,
      archived: 0,
      lawyer_ids: '[]',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, auth?: Auth) =>
    t.app.inject({ method: 'GET', url, ...(auth ? { headers: auth } : {}) });

  /** A signed link as the REST answers hand them out, path and query only. */
  const signedPath = async (path: string, at?: number) => {
    const user = await findUserById(t.app.db, adminId);
    const actor = actorOf(user!, true);
    const req = { protocol: 'http', host: 'localhost' } as FastifyRequest;
    const spy = at === undefined ? null : vi.spyOn(Date, 'now').mockReturnValue(at);
    try {
      return (
        new URL(pdfUrl(t.app, req, path, actor)).pathname + new URL(pdfUrl(t.app, req, path, actor)).search
      );
    } finally {
      spy?.mockRestore();
    }
  };

  it('downloads a case file as cover, index and every attachment, naming files it cannot include', async () => {
    const res = await get(`/api/pdf/petitions/${petitionId}`, admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="W\.P\. 77-2023 Ali Khan v\. Province of Punjab\.pdf"; filename\*=UTF-8''/,
    );
    const read = await readPdf(new Uint8Array(res.rawPayload));
    // cover + index + the photo + the scan's 2 pages + one page naming the damaged and the missing file, then
    // the order sheets' section (its three hearing dates; the dated modules are in the case file too)
    expect(read.pages).toBe(1 + 1 + 1 + 2 + 1 + 1);
    expect(read.text[0]).toContain('Lahore High Court');
    expect(read.text[0]).toContain('W.P. 77/2023');
    expect(read.text[0]).toContain('123/2024');
    expect(read.text[0]).toContain(`Next Hearing: ${shown(NEXT_HEARING)}`);
    expect(read.text[1]).toMatch(/Writ petition 05\/01\/2024 3/);
    expect(read.text[3]).toContain('Attached page 1');
    expect(read.text[5]).toContain('File could not be included: damaged.png');
    expect(read.text[5]).toContain('File could not be included: lost.png');
    expect(read.text[6]).toContain('ORDER SHEETS');
    expect(read.fonts.some((f) => f.startsWith('NotoNaskhArabic'))).toBe(true);
  });

  it('downloads one index item with its files', async () => {
    const res = await get(`/api/pdf/PetitionIndex/${itemId}`, admin);
    expect(res.statusCode).toBe(200);
    const read = await readPdf(new Uint8Array(res.rawPayload));
    expect(read.pages).toBe(2);
    expect(read.text[0]).toContain('Index: Writ petition');
    expect((await get(`/api/pdf/PetitionReply/${itemId}`, admin)).statusCode).toBe(404);
    expect((await get(`/api/pdf/Invoice/${itemId}`, admin)).statusCode).toBe(404);
  });

  it('downloads the hearing dates and the pending cases', async () => {
    const sheets = await readPdf(
      new Uint8Array((await get(`/api/pdf/order-sheets/${petitionId}`, admin)).rawPayload),
    );
    expect(sheets.text[0]).toContain('Dates Of Hearing');
    expect(sheets.text[0]).toMatch(/1 10\/01\/2024 Arguments/);
    const res = await get('/api/pdf/pending-cases', admin);
    expect(res.statusCode).toBe(200);
    const pending = await readPdf(new Uint8Array(res.rawPayload));
    expect(pending.text[0]).toMatch(/L-12 Ali Khan v\. Province of Punjab W\.P\. 77\/2023 Lahore High Court/);
    expect(pending.text[0]).not.toContain('Moot Court Problem');
  });

  it("answers 404 for another firm's case file and for a case file the caller may not read", async () => {
    expect((await get(`/api/pdf/petitions/${otherPetitionId}`, admin)).statusCode).toBe(404);
    expect((await get(`/api/pdf/petitions/${petitionId}`, otherAdmin)).statusCode).toBe(404);
    expect((await get(`/api/pdf/PetitionIndex/${itemId}`, otherAdmin)).statusCode).toBe(404);
    expect((await get(`/api/pdf/order-sheets/${petitionId}`, otherAdmin)).statusCode).toBe(404);
    // A student reads moot cases only, and gets neither single-item nor Pending Cases PDFs (part 1 §6).
    expect((await get(`/api/pdf/petitions/${petitionId}`, student)).statusCode).toBe(404);
    expect((await get(`/api/pdf/PetitionIndex/${itemId}`, student)).statusCode).toBe(403);
    expect((await get(`/api/pdf/petitions/${mootId}`, student)).statusCode).toBe(200);
    expect((await get('/api/pdf/pending-cases', student)).statusCode).toBe(403);
  });

  it('accepts a signed link without a token, and refuses a bad, foreign or expired one with 401', async () => {
    const path = `/api/pdf/petitions/${petitionId}`;
    const link = await signedPath(path);
    expect((await get(link)).statusCode).toBe(200);
    expect((await get(path)).statusCode).toBe(401);
    expect((await get(`${path}?sig=nonsense`)).statusCode).toBe(401);
    const tampered = link.replace(/.(?=$)/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await get(tampered)).statusCode).toBe(401);
    // A link is made for one path only.
    const query = link.slice(link.indexOf('?'));
    expect((await get(`/api/pdf/order-sheets/${petitionId}${query}`)).statusCode).toBe(401);
    expect((await get(await signedPath(path, Date.now() - 60 * 60 * 1000))).statusCode).toBe(401);
  });
});
