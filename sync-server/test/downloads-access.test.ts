import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import { saveFile } from '../src/files/storage.ts';
import { describeEachDb, insertUser } from './helper.ts';
import { caseFirm, multipart, PNG_1PX, type Auth, type CaseFirm } from './case-files-helpers.ts';

type Attachment = { id: string; sha256: string; url: string };

/**
 * Every download applies the rule of the call that lists it (issue 9 item 8): files by hash and legacy storage
 * URLs the case-file access of the attachment naming them, PDFs the roles of the REST calls that hand out
 * their links, photos the read scope of the member's row.
 */
describeEachDb('downloads: case access and roles', (kind) => {
  let f: CaseFirm;
  const cases: Record<'moot' | 'client' | 'plain', { id: string; item: string; file: Attachment }> =
    {} as never;
  beforeAll(async () => {
    f = await caseFirm(kind);
    const specs = {
      moot: { case_no: 'MOOT-1', is_moot_case: true },
      client: {
        case_no: 'CLIENT-1',
        petitioners: [{ user: { name: { id: f.clientId, name: f.clientName } } }],
      },
      plain: { case_no: 'PLAIN-1' },
    };
    for (const [name, spec] of Object.entries(specs) as [keyof typeof specs, Record<string, unknown>][]) {
      const id = await f.petition(spec);
      const item = (
        await f.call('POST', '/api/petitions_index', f.admin, { petition_id: id, document_description: name })
      ).json<{ petition_index: { id: string } }>().petition_index.id;
      const body = multipart(
        { attachmentable_id: item, attachmentable_type: 'App\\Models\\PetitionIndex', petition_id: id },
        [{ filename: `${name}.xml`, type: 'application/xml', data: xmlOf(name) }],
      );
      const up = await f.t.app.inject({
        method: 'POST',
        url: '/api/attachments',
        headers: { ...f.admin, ...body.headers },
        payload: body.payload,
      });
      expect(up.statusCode, up.body).toBe(200);
      const file = (await f.call('GET', `/api/petitions_index/${item}`, f.admin)).json<{
        petition_index: { attachments: Attachment[] };
      }>().petition_index.attachments[0]!;
      expect(file.sha256).toBe(createHash('sha256').update(xmlOf(name)).digest('hex'));
      cases[name] = { id, item, file };
    }
  });
  afterAll(() => f.t.close());

  const xmlOf = (name: string) => Buffer.from(`<?xml version="1.0"?><note case="${name}">Annexure</note>`);
  const status = async (url: string, auth: Auth) => (await f.call('GET', url, auth)).statusCode;
  /** The case files whose file `auth` gets, by hash and by its legacy URL (each 200 or 404 alike). */
  const filesGot = async (auth: Auth) => {
    const got: string[] = [];
    for (const [name, c] of Object.entries(cases)) {
      const byHash = await f.call('GET', `/files/${c.file.sha256}`, auth);
      const legacy = await status(c.file.url, auth);
      expect([200, 404]).toContain(byHash.statusCode);
      expect(legacy).toBe(byHash.statusCode);
      if (byHash.statusCode === 200) {
        expect(byHash.rawPayload.equals(xmlOf(name))).toBe(true);
        got.push(name);
      } else expect(byHash.json()).toEqual({ message: MSG.notFound });
    }
    return got.sort();
  };

  it('a file by its hash or legacy URL goes only to those who may read its case file', async () => {
    expect(await filesGot(f.admin)).toEqual(['client', 'moot', 'plain']);
    expect(await filesGot(f.lawyer)).toEqual(['client', 'moot', 'plain']);
    expect(await filesGot(f.student)).toEqual(['moot']);
    expect(await filesGot(f.client)).toEqual(['client']);
    expect(await filesGot(f.other)).toEqual([]);
  });

  it('the Pending Cases PDF is refused to students, as the list that links it is', async () => {
    for (const [auth, expected] of [
      [f.admin, 200],
      [f.lawyer, 200],
      [f.client, 200],
      [f.student, 403],
    ] as const) {
      const res = await f.call('GET', '/api/pdf/pending-cases', auth);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(expected);
      if (expected === 200) expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      else expect(res.json()).toEqual({ message: MSG.forbidden });
    }
    expect((await f.call('GET', '/api/get_pending_cases', f.student)).statusCode).toBe(403);
  });

  it('order sheets and single-item PDFs go to admins and lawyers who may read the case file', async () => {
    const { moot, plain } = cases;
    for (const url of [`/api/pdf/order-sheets/${moot.id}`, `/api/pdf/PetitionIndex/${moot.item}`]) {
      // The student and the client are refused even a case file the student may read.
      expect(await status(url, f.student), url).toBe(403);
      expect(await status(url, f.client), url).toBe(403);
      const res = await f.call('GET', url, f.lawyer);
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await status(url, f.other), url).toBe(404);
    }
    // The REST call that hands out the single-item link has the same rule.
    const link = await f.call('POST', '/api/download_single_petition_index_pdf', f.student, {
      id: plain.item,
      model: 'PetitionIndex',
    });
    expect(link.statusCode).toBe(403);
    // The whole case file's PDF is for everyone who may read the case file.
    expect(await status(`/api/pdf/petitions/${moot.id}`, f.student)).toBe(200);
    expect(await status(`/api/pdf/petitions/${plain.id}`, f.student)).toBe(404);
  });

  it('a file whose only attachment is deleted is no longer served by its hash', async () => {
    const { plain } = cases;
    expect(await status(`/files/${plain.file.sha256}`, f.admin)).toBe(200);
    const del = await f.call('DELETE', `/api/attachments/${plain.file.id}`, f.admin);
    expect(del.statusCode, del.body).toBe(200);
    expect(await status(`/files/${plain.file.sha256}`, f.admin)).toBe(404);
  });

  it('a member’s photo goes to those whose devices hold the member: not to students and clients', async () => {
    const lawyer = await insertUser(f.t, { role: 'LAWYER' });
    await saveFile(f.t.app.files, [lawyer.companyId, 'user', lawyer.id, 'me.png'], PNG_1PX);
    await f.t.app.db
      .updateTable('users')
      .set({ avatar_file_name: 'me.png' })
      .where('id', '=', lawyer.id)
      .execute();
    for (const url of [
      `/api/files/user/${lawyer.id}/avatar`,
      `/storage/attachments/user/${lawyer.id}/me.png`,
    ]) {
      expect(await status(url, f.admin), url).toBe(200);
      expect(await status(url, f.lawyer), url).toBe(200);
      expect(await status(url, f.student), url).toBe(404);
      expect(await status(url, f.client), url).toBe(404);
      expect(await status(url, f.other), url).toBe(404);
    }
  });
});
