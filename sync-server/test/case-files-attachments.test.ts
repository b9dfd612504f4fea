import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import { describeEachDb } from './helper.ts';
import { caseFirm, multipart, PDF_SMALL, PNG_1PX, type CaseFirm } from './case-files-helpers.ts';

type Attachment = {
  id: string;
  petition_id: string;
  attachmentable_id: string;
  attachmentable_type: string;
  file_name: string;
  mime_type: string;
  title: string | null;
  display_order: number;
  url: string;
};

describeEachDb('case files: attachments', (kind) => {
  let f: CaseFirm;
  let petitionId: string;
  let itemId: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    petitionId = await f.petition({
      petitioners: [{ user: { name: { id: f.clientId, name: f.clientName } } }],
    });
    itemId = (
      await f.call('POST', '/api/petitions_index', f.admin, {
        petition_id: petitionId,
        document_description: 'Writ',
      })
    ).json<{ petition_index: { id: string } }>().petition_index.id;
  });
  afterAll(() => f.t.close());

  const upload = (
    auth: { authorization: string },
    files: { filename: string; type: string; data: Buffer }[],
    fields: Record<string, string> = {},
  ) => {
    const body = multipart(
      {
        attachmentable_id: itemId,
        attachmentable_type: 'App\\Models\\PetitionIndex',
        petition_id: petitionId,
        ...fields,
      },
      files,
    );
    return f.t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  const attachmentsOfItem = async () =>
    (await f.call('GET', `/api/petitions_index/${itemId}`, f.admin)).json<{
      petition_index: { attachments: Attachment[] };
    }>().petition_index.attachments;

  it('stores an uploaded PNG under its own name and serves it byte-identical from the legacy URL', async () => {
    const res = await upload(f.lawyer, [
      { filename: 'Scan 1.png', type: 'image/png', data: PNG_1PX },
      { filename: 'order.pdf', type: 'application/pdf', data: PDF_SMALL },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Files Uploaded Successfully!');
    const list = await attachmentsOfItem();
    expect(list).toEqual([
      expect.objectContaining({
        petition_id: petitionId,
        attachmentable_id: itemId,
        attachmentable_type: 'App\\Models\\PetitionIndex',
        file_name: 'Scan 1.png',
        mime_type: 'image/png',
        title: 'Scan 1',
        display_order: 1,
      }),
      expect.objectContaining({
        file_name: 'order.pdf',
        mime_type: 'application/pdf',
        title: 'order',
        display_order: 2,
      }),
    ]);
    // The URL the original client builds itself from the row it read.
    const url = `/storage/attachments/petitions/${petitionId}/PetitionIndex/${itemId}/${encodeURIComponent('Scan 1.png')}`;
    expect(list[0]!.url).toBe(url);
    const served = await f.t.app.inject({ method: 'GET', url, headers: f.client });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; /);
    const pdf = await f.t.app.inject({ method: 'GET', url: list[1]!.url, headers: f.admin });
    expect(pdf.rawPayload.equals(PDF_SMALL)).toBe(true);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="order.pdf"/);

    // Stored content-addressed, like a resumable upload: one blob row and one file per SHA-256.
    const blob = await f.t.app.db
      .selectFrom('blobs')
      .selectAll()
      .where('company_id', '=', f.t.providerId)
      .where('mime_type', '=', 'image/png')
      .execute();
    expect(blob).toHaveLength(1);
    expect(existsSync(join(f.t.config.dataDir, 'files', f.t.providerId, 'blobs', blob[0]!.sha256))).toBe(
      true,
    );
    // No temporary file is left behind.
    expect(readdirSync(join(f.t.config.dataDir, 'uploads-tmp'))).toEqual([]);

    // The same name again gets a name of its own, so each file keeps a URL of its own.
    await upload(f.admin, [{ filename: 'Scan 1.png', type: 'image/png', data: PNG_1PX }]);
    expect((await attachmentsOfItem()).map((a) => a.file_name)).toEqual([
      'Scan 1.png',
      'order.pdf',
      'Scan 1 (2).png',
    ]);
  });

  it('refuses files whose bytes are not what their name says, and empty uploads', async () => {
    const before = (await attachmentsOfItem()).length;
    const fake = await upload(f.admin, [
      { filename: 'photo.png', type: 'image/png', data: Buffer.from('just some text, not an image') },
    ]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().message).toBe('Only png, jpeg, jpg, pdf, doc, docx and xml files can be uploaded.');
    const renamed = await upload(f.admin, [{ filename: 'order.png', type: 'image/png', data: PDF_SMALL }]);
    expect(renamed.statusCode).toBe(422);
    const exe = await upload(f.admin, [
      { filename: 'tool.exe', type: 'application/octet-stream', data: PNG_1PX },
    ]);
    expect(exe.statusCode).toBe(422);
    // One bad file refuses the whole upload.
    const mixed = await upload(f.admin, [
      { filename: 'ok.png', type: 'image/png', data: PNG_1PX },
      { filename: 'bad.pdf', type: 'application/pdf', data: Buffer.from('nope') },
    ]);
    expect(mixed.statusCode).toBe(422);
    const none = await upload(f.admin, []);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Select a File Before Uploading.');
    expect((await attachmentsOfItem()).length).toBe(before);
    expect(readdirSync(join(f.t.config.dataDir, 'uploads-tmp'))).toEqual([]);
  });

  it('checks the owner: known kind, live, same firm, same case file', async () => {
    const png = [{ filename: 'a.png', type: 'image/png', data: PNG_1PX }];
    expect((await upload(f.admin, png, { attachmentable_type: 'Invoice' })).statusCode).toBe(422);
    expect((await upload(f.admin, png, { attachmentable_type: 'PetitionIndex' })).statusCode).toBe(200);
    expect((await upload(f.admin, png, { attachmentable_id: 'missing' })).statusCode).toBe(404);
    const other = await f.petition();
    const wrongCase = await upload(f.admin, png, { petition_id: other });
    expect(wrongCase.statusCode).toBe(422);
    expect((await upload(f.admin, png, { petition_id: '' })).statusCode).toBe(200);
    expect((await upload(f.other, png)).statusCode).toBe(404);
    for (const auth of [f.student, f.client]) {
      const res = await upload(auth, png);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
    }
  });

  it('edits title and order, deletes one or a selection', async () => {
    const list = await attachmentsOfItem();
    const [a, b] = list as [Attachment, Attachment];
    const put = await f.call('PUT', `/api/attachments/${a.id}`, f.lawyer, {
      ...a,
      title: 'Front page',
      display_order: 9,
      editMode: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      attachment: { id: a.id, title: 'Front page', display_order: 9, file_name: a.file_name },
      message: MSG.updatedOk,
    });
    expect((await attachmentsOfItem()).at(-1)!.id).toBe(a.id);
    expect((await f.call('PUT', `/api/attachments/${a.id}`, f.student, { title: 'x' })).statusCode).toBe(403);
    expect((await f.call('PUT', `/api/attachments/${a.id}`, f.other, { title: 'x' })).statusCode).toBe(404);
    expect(
      (await f.call('PUT', `/api/attachments/${a.id}`, f.admin, { display_order: 'first' })).statusCode,
    ).toBe(422);

    expect((await f.call('DELETE', `/api/attachments/${a.id}`, f.client)).statusCode).toBe(403);
    expect((await f.call('DELETE', `/api/attachments/${a.id}`, f.admin)).json()).toEqual({
      message: MSG.deletedOk,
    });
    expect(
      (await f.t.app.inject({ method: 'GET', url: a.url, headers: f.admin })).statusCode,
      'a deleted attachment is no longer served',
    ).toBe(404);

    const rest = (await attachmentsOfItem()).map((x) => x.id);
    expect(rest).toContain(b.id);
    expect((await f.call('POST', '/api/delete_selected', f.student, { id: rest })).statusCode).toBe(403);
    expect(
      (await f.call('POST', '/api/delete_selected', f.admin, { id: [...rest, 'missing'] })).statusCode,
    ).toBe(404);
    expect(await attachmentsOfItem()).toHaveLength(rest.length);
    expect((await f.call('POST', '/api/delete_selected', f.admin, { id: rest })).json()).toEqual({
      message: MSG.deletedOk,
    });
    expect(await attachmentsOfItem()).toEqual([]);
    expect((await f.call('POST', '/api/delete_selected', f.admin, { id: [] })).statusCode).toBe(422);
  });

  it('serves legacy URLs only to members who may read the case file', async () => {
    await upload(f.admin, [{ filename: 'secret.png', type: 'image/png', data: PNG_1PX }]);
    const url = `/storage/attachments/petitions/${petitionId}/PetitionIndex/${itemId}/secret.png`;
    expect((await f.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await f.t.app.inject({ method: 'GET', url, headers: f.other })).statusCode).toBe(404);
    // The student reads moot cases only; this one is not.
    expect((await f.t.app.inject({ method: 'GET', url, headers: f.student })).statusCode).toBe(404);
    expect((await f.t.app.inject({ method: 'GET', url, headers: f.lawyer })).statusCode).toBe(200);
    expect(
      (await f.t.app.inject({ method: 'GET', url: url.replace('secret', 'nothing'), headers: f.lawyer }))
        .statusCode,
    ).toBe(404);
  });
});

describe('case files: legacy public storage', () => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm('sqlite', { legacyPublicStorage: true });
  });
  afterAll(() => f.t.close());

  it('serves attachment URLs without a token when the firm turned it on', async () => {
    const petitionId = await f.petition();
    const itemId = (
      await f.call('POST', '/api/petitions_index', f.admin, {
        petition_id: petitionId,
        document_description: 'Writ',
      })
    ).json<{ petition_index: { id: string } }>().petition_index.id;
    const body = multipart(
      { attachmentable_id: itemId, attachmentable_type: 'PetitionIndex', petition_id: petitionId },
      [{ filename: 'open.png', type: 'image/png', data: PNG_1PX }],
    );
    const up = await f.t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...f.admin, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const res = await f.t.app.inject({
      method: 'GET',
      url: `/storage/attachments/petitions/${petitionId}/PetitionIndex/${itemId}/open.png`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG_1PX)).toBe(true);
  });
});
