import { createHash } from 'node:crypto';
import { renameSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, todayInPakistan, type TPushResponse } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { multipart, PNG_1PX, type Auth } from './case-files-helpers.ts';
import {
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
/** A small PDF of the firm's own (content-addressed files of two firms must differ to tell them apart). */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

type Row = Record<string, unknown>;
/** What one firm was given, to be found (or never found) in an export. */
type Seeded = {
  marker: string;
  caseId: string;
  deletedTitle: string;
  files: Map<string, Buffer>;
  ids: string[];
};

describeEachDb('firm export', (kind) => {
  let t: TestApp;
  let adminA: Auth;
  let adminB: Auth;
  let lawyerA: Auth;
  let studentA: Auth;
  let clientA: Auth;
  let firmB: string;
  let a: Seeded;
  let b: Seeded;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, auth?: Auth, payload?: object) =>
    t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'DELETE', url: string, auth: Auth, payload?: object) => {
    const res = await call(method, url, auth, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<Row>();
  };
  const upload = async (auth: Auth, url: string, fields: Record<string, string>, file: [string, Buffer]) => {
    const type = file[0].endsWith('.png') ? 'image/png' : 'application/pdf';
    const body = multipart(fields, [{ filename: file[0], type, data: file[1] }]);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const push = async (auth: Auth, entity: string, values: Row) => {
    const id = newId();
    const res = await ok('POST', '/sync/push', auth, {
      clientId: `export-${newId()}`,
      mutations: [{ id: 1, name: 'put', args: { entity, id, values } }],
    });
    expect((res as TPushResponse).results[0]?.status).toBe('applied');
    return id;
  };

  /** A firm's case file with attached files, a deleted case file, a client with an invoice, a payment and its receipt. */
  async function seedFirm(admin: Auth, companyId: string, marker: string, extra: boolean): Promise<Seeded> {
    const files = new Map<string, Buffer>();
    const caseId = String(
      (await ok('POST', '/api/petitions', admin, { case_no: '7', year: 2024, title: `${marker} v State` }))
        .petition_id,
    );
    const item = (
      (await ok('POST', '/api/petitions_index', admin, {
        petition_id: caseId,
        document_description: `${marker} writ petition`,
      })) as { petition_index: { id: string } }
    ).petition_index.id;
    const attach = (file: [string, Buffer]) =>
      upload(
        admin,
        '/api/attachments',
        {
          attachmentable_id: item,
          attachmentable_type: 'App\\Models\\PetitionIndex',
          petition_id: caseId,
        },
        file,
      );
    const order = pdf(`${marker} order sheet`);
    await attach(['order.pdf', order]);
    files.set(sha(order), order);
    if (extra) {
      // A photo, an Urdu name, and a second file of the same name in the same case file.
      await attach(['Scan 1.png', PNG_1PX]);
      files.set(sha(PNG_1PX), PNG_1PX);
      const urdu = pdf(`${marker} urdu`);
      await attach(['حکم نامہ.pdf', urdu]);
      files.set(sha(urdu), urdu);
      const again = pdf(`${marker} second order`);
      await attach(['order.pdf', again]);
      files.set(sha(again), again);
    }
    const deletedTitle = `${marker} deleted case`;
    const gone = String(
      (await ok('POST', '/api/petitions', admin, { case_no: '8', title: deletedTitle })).petition_id,
    );
    await ok('DELETE', `/api/petitions/${gone}`, admin);

    const client = await insertUser(t, { role: 'CLIENT', companyId, name: `${marker} client` });
    const invoice = (
      (await ok('POST', '/api/invoices', admin, {
        invoiceable_id: client.id,
        amount: '1234.50',
        subject: `${marker} fees`,
      })) as { invoice: { id: string } }
    ).invoice.id;
    const payment = await push(admin, 'invoice_payments', {
      invoice_id: invoice,
      paid_date: '2026-11-20',
      paid_amount: 500,
      notes: `${marker} cheque`,
    });
    const receipt = pdf(`${marker} receipt`);
    await upload(
      admin,
      '/api/attachments',
      { attachmentable_id: payment, attachmentable_type: 'App\\Models\\Payment' },
      ['receipt.pdf', receipt],
    );
    files.set(sha(receipt), receipt);
    const me = (await ok('GET', '/api/user', admin)) as { id: string };
    return {
      marker,
      caseId,
      deletedTitle,
      files,
      ids: [companyId, caseId, gone, item, invoice, payment, client.id, me.id],
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminA = await adminBearer(t);
    const lawyer = await insertUser(t, { role: 'LAWYER' });
    lawyerA = await bearerFor(t, lawyer.email, lawyer.password);
    const student = await insertUser(t, { role: 'STUDENT' });
    studentA = await bearerFor(t, student.email, student.password);
    const client = await insertUser(t, { role: 'CLIENT' });
    clientA = await bearerFor(t, client.email, client.password);
    firmB = await createFirm(t, 'Bravo & Partners');
    const b1 = await insertUser(t, { role: 'ADMIN', companyId: firmB, name: 'Bravo Admin' });
    adminB = await bearerFor(t, b1.email, b1.password);

    a = await seedFirm(adminA, t.providerId, 'Alphamarker', true);
    b = await seedFirm(adminB, firmB, 'Bravomarker', false);

    // Firm A's admin has a photo and the firm a logo: files named by a person's and the settings' rows.
    const me = (await ok('GET', '/api/user', adminA)) as { id: string };
    const photo = Buffer.concat([PNG_1PX]);
    await upload(adminA, '/api/upload_user_image', { attachmentable_id: me.id }, ['me.png', photo]);
    await upload(adminA, '/api/attachments', { attachmentable_type: 'App\\Models\\Setting' }, [
      'logo.png',
      PNG_1PX,
    ]);
  });
  afterAll(() => t.close());

  const download = async (auth: Auth, url = '/api/firm_export') => {
    const started = performance.now();
    const res = await call('GET', url, auth);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const ms = performance.now() - started;
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(zip[name])) as Row[];
    return { res, zip, json, ms, size: res.rawPayload.length };
  };
  /** Every entry's name and text, as one string to search for what must never be there. */
  const allText = (zip: Record<string, Uint8Array>) =>
    Object.entries(zip)
      .map(
        ([name, bytes]) =>
          `${name}\n${Buffer.from(bytes).toString('latin1')}\n${new TextDecoder().decode(bytes)}`,
      )
      .join('\n');

  it("gives firm A's admin every live row and every stored file of firm A, and nothing of firm B", async () => {
    const { res, zip, json, ms, size } = await download(adminA);
    console.log(
      `firm export [${kind}]: ${size} bytes, ${Object.keys(zip).length} entries, ${ms.toFixed(0)} ms`,
    );
    expect(res.headers['content-type']).toBe('application/zip');
    const firmName = (
      await t.app.db
        .selectFrom('companies')
        .select('name')
        .where('id', '=', t.providerId)
        .executeTakeFirstOrThrow()
    ).name;
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename=".+ data \d{4}-\d{2}-\d{2}\.zip"/,
    );
    const utf8Name = String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '';
    expect(decodeURIComponent(utf8Name)).toBe(`${firmName} data ${todayInPakistan()}.zip`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Progress is shown against the stored files' bytes (attachments and receipts), most of the zip.
    const stored = [...a.files.values()].reduce((n, f) => n + f.length, 0);
    expect(Number(res.headers['x-export-estimated-bytes'])).toBe(stored);
    expect(size).toBeGreaterThan(stored);

    const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json'])) as {
      firm: { id: string; name: string };
      tables: { file: string; rows: number }[];
      files: { count: number };
      missing_files: string[];
    };
    expect(manifest.firm).toEqual({ id: t.providerId, name: firmName });
    expect(new TextDecoder().decode(zip['README.txt'])).toContain(`All data of ${firmName}`);
    // One file per entity, each a list of exactly the rows the manifest counts.
    for (const table of manifest.tables) expect(json(table.file), table.file).toHaveLength(table.rows);
    expect(manifest.tables.map((x) => x.file)).toEqual(
      expect.arrayContaining([
        'case_files.json',
        'invoices.json',
        'people.json',
        'case_file_attachments.json',
        'payment_receipts.json',
      ]),
    );

    // Live rows with readable names: the case file, its document, the invoice; not the deleted case file.
    const cases = json('case_files.json');
    expect(cases.map((c) => c.title)).toContain('Alphamarker v State');
    expect(cases.find((c) => c.id === a.caseId)).toMatchObject({
      case_no: '7',
      year: 2024,
      archived: false,
      is_moot_case: false,
    });
    expect(json('petition_index_items.json')).toContainEqual(
      expect.objectContaining({ case_file_id: a.caseId, document_description: 'Alphamarker writ petition' }),
    );
    expect(json('invoices.json')).toContainEqual(
      expect.objectContaining({ subject: 'Alphamarker fees', amount: '1234.50', status: 'Draft' }),
    );
    expect(json('people.json')).toContainEqual(
      expect.objectContaining({ name: 'Alphamarker client', role: 'Client' }),
    );

    // Every file a row names is in the zip, byte for byte; and every file uploaded to firm A is named.
    const named = Object.values(
      Object.fromEntries(
        manifest.tables.flatMap((tbl) =>
          json(tbl.file).flatMap((row) =>
            (['file', 'photo_file', 'logo_file'] as const)
              .filter((f) => typeof row[f] === 'string')
              .map((f) => [
                `${tbl.file}:${String(row.id)}:${f}`,
                { path: String(row[f]), sha256: row.sha256 as string | undefined },
              ]),
          ),
        ),
      ),
    );
    expect(manifest.missing_files).toEqual([]);
    expect(named.length).toBe(manifest.files.count);
    expect(named.length).toBe(a.files.size + 2 /* the photo and the logo */);
    for (const f of named) {
      expect(f.path.startsWith('files/'), f.path).toBe(true);
      const bytes = zip[f.path];
      expect(bytes, f.path).toBeDefined();
      if (f.sha256) expect(sha(bytes!), f.path).toBe(f.sha256);
    }
    const inZip = new Set(named.map((f) => sha(zip[f.path]!)));
    for (const h of a.files.keys()) expect(inZip.has(h), h).toBe(true);
    const paths = named.map((f) => f.path);
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
    expect(paths).toContain('files/case_files/7-2024 Alphamarker v State/حکم نامہ.pdf');
    expect(paths).toEqual(
      expect.arrayContaining([
        'files/case_files/7-2024 Alphamarker v State/order.pdf',
        'files/case_files/7-2024 Alphamarker v State/order (2).pdf',
        'files/case_files/7-2024 Alphamarker v State/Scan 1.png',
        'files/invoices/Invoice 1 Alphamarker client/receipt.pdf',
        'files/firm_settings/' + String(json('firm_settings.json')[0]!.site_file_name),
      ]),
    );

    // Nothing of firm B, nothing deleted, no secret.
    const text = allText(zip);
    expect(text).toContain('Alphamarker');
    for (const id of b.ids) expect(text.includes(id), `firm B id ${id}`).toBe(false);
    expect(text).not.toContain('Bravomarker');
    expect(text).not.toContain('Bravo & Partners');
    for (const h of b.files.keys()) expect(text.includes(h), `firm B file ${h}`).toBe(false);
    for (const bytes of b.files.values())
      expect(Object.values(zip).some((entry) => Buffer.from(entry).equals(bytes))).toBe(false);
    expect(text).not.toContain(a.deletedTitle);
    const secrets = [
      ...(await t.app.db.selectFrom('users').select('password_hash').execute()).map((u) => u.password_hash),
      ...(await t.app.db.selectFrom('sessions').select('token_hash').execute()).map((s) => s.token_hash),
    ];
    expect(secrets.length).toBeGreaterThan(4);
    for (const s of secrets) expect(text.includes(s)).toBe(false);
    expect(text).not.toMatch(/scrypt\$|token_hash/);
    for (const person of json('people.json'))
      expect(Object.keys(person).filter((k) => /password|token|hash/.test(k))).toEqual([]);
  });

  it("gives firm B's admin firm B only, whatever the request names", async () => {
    for (const url of [
      '/api/firm_export',
      `/api/firm_export?company_id=${t.providerId}`,
      `/api/firm_export?firm=${t.providerId}&company=${t.providerId}`,
    ]) {
      const { zip, json } = await download(adminB, url);
      expect(json('case_files.json').map((c) => c.title)).toEqual(['Bravomarker v State']);
      const text = allText(zip);
      expect(text).not.toContain('Alphamarker');
      for (const id of a.ids) expect(text.includes(id), `firm A id ${id}`).toBe(false);
      const shas = new Set(Object.values(zip).map((bytes) => sha(bytes)));
      expect([...b.files.keys()].every((h) => shas.has(h))).toBe(true);
      for (const h of a.files.keys()) expect(shas.has(h), `firm A file ${h}`).toBe(false);
    }
  });

  it('refuses lawyers, students and clients (403) and anyone signed out (401), with a message', async () => {
    for (const auth of [lawyerA, studentA, clientA]) {
      const res = await call('GET', '/api/firm_export', auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    const anon = await call('GET', '/api/firm_export');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: MSG.unauthenticated });
  });

  it('fails a download whose stored file cannot be read, never answering a short zip', async () => {
    // One of firm B's files cannot be read (a link to itself: the file system answers ELOOP, not "no such
    // file", which the export would note as missing): the export fails after its first tables are made,
    // before a byte was sent, so the answer is an error with a message.
    const blob = join(t.config.dataDir, 'files', firmB, 'blobs', [...b.files.keys()][0]!);
    renameSync(blob, `${blob}.aside`);
    symlinkSync(blob, blob);
    try {
      const res = await call('GET', '/api/firm_export', adminB);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(res.body).not.toContain(' at ');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
    } finally {
      unlinkSync(blob);
      renameSync(`${blob}.aside`, blob);
    }
  });
});
