import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TUploadState } from '@lawfirm/shared-types';
import {
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';
import { attachUploadedFile } from './attach-file.ts';

/** A real PNG header followed by filler bytes: enough for the content check, big enough for several chunks. */
function fakePng(size: number): Buffer {
  const b = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describeEachDb('resumable uploads', (kind) => {
  let t: TestApp;
  let h: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    h = await adminBearer(t);
  });
  afterAll(() => t.close());

  const start = async (file: Buffer, name = 'scan.png', headers = h) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/uploads',
      headers,
      payload: { sha256: sha(file), size: file.length, filename: name },
    });
    return { status: r.statusCode, body: r.json<TUploadState & { message?: string }>() };
  };
  const patch = (id: string, offset: number, bytes: Buffer) =>
    t.app.inject({
      method: 'PATCH',
      url: `/uploads/${id}`,
      headers: { ...h, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      payload: bytes,
    });

  it('resumes after a dropped connection from the offset the server reports, and stores one verified copy', async () => {
    const file = fakePng(600_000);
    const { body: up } = await start(file);
    expect(up).toMatchObject({ offset: 0, complete: false });
    expect((await patch(up.id, 0, file.subarray(0, 262_144))).statusCode).toBe(200);
    // The connection drops; the device asks where to resume.
    const head = await t.app.inject({ method: 'HEAD', url: `/uploads/${up.id}`, headers: h });
    expect(head.headers['upload-offset']).toBe('262144');
    // A stale resend of the first chunk is refused with the right offset, not appended twice.
    const stale = await patch(up.id, 0, file.subarray(0, 262_144));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().offset).toBe(262_144);
    expect(existsSync(join(t.config.dataDir, 'files', t.providerId, 'blobs', sha(file)))).toBe(false);
    await patch(up.id, 262_144, file.subarray(262_144, 524_288));
    const last = await patch(up.id, 524_288, file.subarray(524_288));
    expect(last.json()).toMatchObject({ complete: true, mime_type: 'image/png' });

    const again = await start(file, 'same-bytes-other-name.png');
    expect(again.body.complete).toBe(true);
    const post = async (url: string, payload: object) =>
      (await t.app.inject({ method: 'POST', url, headers: h, payload })).json<unknown>();
    await attachUploadedFile(post, {
      sha256: sha(file),
      size: file.length,
      mime: 'image/png',
      name: 'scan.png',
    });
    const dl = await t.app.inject({
      method: 'GET',
      url: `/files/${sha(file)}?name=${encodeURIComponent('مقدمہ scan.png')}`,
      headers: h,
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(file)).toBe(true);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(String(dl.headers['content-disposition'])).toContain("filename*=UTF-8''%D9%85");
    expect(readdirSync(join(t.config.dataDir, 'uploads-tmp'))).toEqual([]);
  });

  it('refuses bytes that are not an accepted document type, whatever the name says, and keeps nothing', async () => {
    const file = Buffer.from('MZ this is a windows program pretending to be a pdf');
    const { body: up } = await start(file, 'judgment.pdf');
    const r = await patch(up.id, 0, file);
    expect(r.statusCode).toBe(415);
    expect(r.json().message).toBe('Only png, jpeg, jpg, pdf, doc, docx and xml files can be uploaded.');
    expect(existsSync(join(t.config.dataDir, 'files', t.providerId, 'blobs', sha(file)))).toBe(false);
    expect(readdirSync(join(t.config.dataDir, 'uploads-tmp'))).toEqual([]);
  });

  it('accepts a pdf and an xml file by their content', async () => {
    for (const [name, file] of [
      ['order.pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF')],
      ['fir.xml', Buffer.from('<?xml version="1.0"?><fir><no>12</no></fir>')],
    ] as const) {
      const { body: up } = await start(file, name);
      const r = await patch(up.id, 0, file);
      expect(r.statusCode, name).toBe(200);
      expect(r.json().complete).toBe(true);
    }
  });

  it('keeps firms apart and refuses roles that may not upload', async () => {
    const file = fakePng(2000);
    const { body: up } = await start(file);
    await patch(up.id, 0, file);
    const firm = await createFirm(t, 'Elsewhere & Co');
    const other = await insertUser(t, { role: 'ADMIN', companyId: firm });
    const oh = await bearerFor(t, other.email, other.password);
    expect((await t.app.inject({ method: 'GET', url: `/files/${sha(file)}`, headers: oh })).statusCode).toBe(
      404,
    );
    const student = await insertUser(t, { role: 'STUDENT' });
    const sh = await bearerFor(t, student.email, student.password);
    expect((await start(fakePng(100), 'x.png', sh)).status).toBe(403);
  });
});
