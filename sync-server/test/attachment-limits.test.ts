import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUploadState } from '@lawfirm/shared-types';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_PDF_PAGES,
  PDF_PAGE_TREE_MESSAGE,
} from '@lawfirm/shared-types/attachments/limits.ts';
import { ACCEPTED_TYPES_MESSAGE } from '@lawfirm/shared-types/attachments/sniff.ts';
import { XML_ACTIVE_CONTENT_MESSAGE } from '@lawfirm/shared-types/attachments/xml.ts';
import { makePageTreeBomb, makeSmallPdf } from '@lawfirm/shared-types/pdf/testing/fixtures.ts';
import { makeBlankRgbaPng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { newId, nowIso } from '../src/db/ids.ts';
import { PDF_MEMORY_MESSAGE, PDF_TIMEOUT_MESSAGE } from '../src/pdf/pdf-workers.ts';
import { caseFirm, multipart, type CaseFirm } from './case-files-helpers.ts';
import { describeEachDb } from './helper.ts';
import { storedZip } from './zip.fixture.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const SCRIPTED = {
  xhtml:
    '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(document.cookie)</script></body></html>',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
  html: '<!DOCTYPE html><html><body><img src=x onerror=alert(1)>',
  nested: '<fir xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></fir>',
};

/** A .docx whose zip directory says its first entry's local header lies past the end of the file (issue 9). */
const docxPointingPastEnd = (): Buffer =>
  storedZip(
    [
      ['[Content_Types].xml', Buffer.alloc(0)],
      ['word/document.xml', Buffer.alloc(0)],
    ],
    {},
    { '[Content_Types].xml': 0x7fff0000 },
  );

/** A stored file and its attachment row, as a firm has them from before the limits existed (no upload check). */
async function storedBefore(
  f: CaseFirm,
  petitionId: string,
  itemId: string,
  name: string,
  mime: string,
  bytes: Uint8Array,
) {
  const dir = join(f.t.config.dataDir, 'files', f.t.providerId, 'blobs');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, sha(bytes)), bytes);
  const now = nowIso();
  await f.t.app.db
    .insertInto('blobs')
    .values({
      company_id: f.t.providerId,
      sha256: sha(bytes),
      size: bytes.length,
      mime_type: mime,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await f.t.app.db
    .insertInto('attachments')
    .values({
      id: newId(),
      company_id: f.t.providerId,
      petition_id: petitionId,
      owner_type: 'PetitionIndex',
      owner_id: itemId,
      sha256: sha(bytes),
      file_name: name,
      mime_type: mime,
      size: bytes.length,
      title: null,
      display_order: 100,
      created_at: now,
      updated_at: now,
      version: 1,
      deleted_at: null,
    })
    .execute();
}

/** A case file with one index item, answered as their ids. */
async function caseWithItem(f: CaseFirm): Promise<{ petitionId: string; itemId: string }> {
  const petitionId = await f.petition();
  const res = await f.call('POST', '/api/petitions_index', f.admin, {
    petition_id: petitionId,
    document_description: 'Annexures',
  });
  return { petitionId, itemId: res.json<{ petition_index: { id: string } }>().petition_index.id };
}

describeEachDb('attachments: checked when accepted, bounded when used', (kind) => {
  let f: CaseFirm;
  let petitionId: string;
  let itemId: string;
  let hugePng: Uint8Array;
  beforeAll(async () => {
    f = await caseFirm(kind);
    petitionId = await f.petition();
    itemId = (
      await f.call('POST', '/api/petitions_index', f.admin, {
        petition_id: petitionId,
        document_description: 'Writ',
      })
    ).json<{ petition_index: { id: string } }>().petition_index.id;
    hugePng = await makeBlankRgbaPng(10_000, 10_000);
  });
  afterAll(() => f.t.close());

  /** Uploads a test opened and left open on purpose: their bytes wait in uploads-tmp. */
  const leftOpen = new Set<string>();
  /** Temporary files of refused or failed uploads: there must be none. */
  const tmpFiles = () => {
    const dir = join(f.t.config.dataDir, 'uploads-tmp');
    return existsSync(dir) ? readdirSync(dir).filter((n) => !leftOpen.has(n)) : [];
  };
  /** A whole resumable upload: POST, then one PATCH with every byte. */
  const resumable = async (bytes: Uint8Array, name: string) => {
    const start = await f.t.app.inject({
      method: 'POST',
      url: '/uploads',
      headers: f.admin,
      payload: { sha256: sha(bytes), size: bytes.length, filename: name },
    });
    expect(start.statusCode, start.body).toBe(200);
    const up = start.json<TUploadState>();
    const res = await f.t.app.inject({
      method: 'PATCH',
      url: `/uploads/${up.id}`,
      headers: { ...f.admin, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from(bytes),
    });
    return { id: up.id, res };
  };
  const multipartUpload = (name: string, bytes: Uint8Array) => {
    const body = multipart(
      {
        attachmentable_id: itemId,
        attachmentable_type: 'App\\Models\\PetitionIndex',
        petition_id: petitionId,
      },
      [{ filename: name, type: 'application/octet-stream', data: Buffer.from(bytes) }],
    );
    return f.t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...f.admin, ...body.headers },
      payload: body.payload,
    });
  };

  it('refuses a .docx whose zip directory points past the end: 4xx, no temporary file, no upload left to resume', async () => {
    const docx = docxPointingPastEnd();
    const { id, res } = await resumable(docx, 'brief.docx');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: ACCEPTED_TYPES_MESSAGE });
    expect(tmpFiles()).toEqual([]);
    // The refused upload is gone: asking for it answers 404, and the same file starts again from 0.
    expect(
      (await f.t.app.inject({ method: 'HEAD', url: `/uploads/${id}`, headers: f.admin })).statusCode,
    ).toBe(404);
    const again = await f.t.app.inject({
      method: 'POST',
      url: '/uploads',
      headers: f.admin,
      payload: { sha256: sha(docx), size: docx.length, filename: 'brief.docx' },
    });
    expect(again.json()).toMatchObject({ offset: 0, complete: false });
    expect(again.json<TUploadState>().id).not.toBe(id);
    leftOpen.add(`${again.json<TUploadState>().id}.part`);

    const direct = await multipartUpload('brief.docx', docx);
    expect(direct.statusCode).toBe(422);
    expect(direct.json().message).toBe(ACCEPTED_TYPES_MESSAGE);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses HTML, SVG and XHTML with scripts sent as xml, and keeps data XML', async () => {
    for (const [what, xml] of Object.entries(SCRIPTED)) {
      const bytes = Buffer.from(xml);
      const { res } = await resumable(bytes, `${what}.xml`);
      expect(res.statusCode, what).toBe(422);
      expect(res.json(), what).toEqual({ message: XML_ACTIVE_CONTENT_MESSAGE });
      expect(existsSync(join(f.t.config.dataDir, 'files', f.t.providerId, 'blobs', sha(bytes)))).toBe(false);
      const direct = await multipartUpload(`${what}.xml`, bytes);
      expect(direct.statusCode, what).toBe(422);
      expect(direct.json().message, what).toBe(XML_ACTIVE_CONTENT_MESSAGE);
    }
    expect(tmpFiles()).toEqual([]);
    const data = Buffer.from('<?xml version="1.0"?><fir no="12"><ps>Model Town</ps></fir>');
    expect((await resumable(data, 'fir.xml')).res.json()).toMatchObject({
      complete: true,
      mime_type: 'application/xml',
    });
  });

  it('refuses PDFs whose page tree expands to 10^4 and 10^5 pages, and a 10000×10000 transparent PNG', async () => {
    for (const levels of [4, 5]) {
      const bomb = makePageTreeBomb(levels);
      const { res } = await resumable(bomb, `bomb-${levels}.pdf`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: PDF_PAGE_TREE_MESSAGE });
      const direct = await multipartUpload(`bomb-${levels}.pdf`, bomb);
      expect(direct.statusCode).toBe(422);
      expect(direct.json().message).toBe(PDF_PAGE_TREE_MESSAGE);
    }
    const { res } = await resumable(hugePng, 'screenshot.png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: IMAGE_TOO_LARGE_MESSAGE });
    expect(tmpFiles()).toEqual([]);
    // A real PDF still goes in.
    const scan = await makeSmallPdf(3);
    expect((await resumable(scan, 'scan.pdf')).res.json()).toMatchObject({ complete: true });
  });

  it('names attachments accepted before the limits instead of their pages, and answers /api/health while building', async () => {
    await storedBefore(f, petitionId, itemId, 'old-bomb.pdf', 'application/pdf', makePageTreeBomb(5));
    await storedBefore(f, petitionId, itemId, 'old-screenshot.png', 'image/png', hugePng);
    // Heavy but within every limit: a transparent PNG the builder must decode (4000×4000, 64 MB of pixels).
    await storedBefore(f, petitionId, itemId, 'heavy.png', 'image/png', await makeBlankRgbaPng(4000, 4000));
    let built = false;
    const build = f.t.app
      .inject({ method: 'GET', url: `/api/pdf/petitions/${petitionId}`, headers: f.admin })
      .then((res) => {
        built = true;
        return res;
      });
    while (f.t.app.pdfWorkers.running === 0 && !built) await new Promise((r) => setImmediate(r));
    const health = await f.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(built).toBe(false);

    const res = await build;
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const read = await readPdf(new Uint8Array(res.rawPayload));
    const all = read.text.join('\n');
    expect(all).toContain(`File not included: old-bomb.pdf. ${PDF_PAGE_TREE_MESSAGE}`);
    expect(all).toContain(`File not included: old-screenshot.png. ${IMAGE_TOO_LARGE_MESSAGE}`);
    expect(all).not.toContain('heavy.png');
  });
});

describeEachDb('PDF building over its budget', (kind) => {
  /** A case file the app builds in workers with this budget. */
  const over = (budget: { timeoutMs: number; memoryMb: number }) => {
    let f: CaseFirm;
    let petitionId: string;
    beforeAll(async () => {
      f = await caseFirm(kind, { pdfBuild: { workers: 1, ...budget } });
      const ids = await caseWithItem(f);
      petitionId = ids.petitionId;
      // Within every limit, but more than this app's budget: a transparent PNG the builder must decode, and a
      // PDF of as many pages as allowed, twice.
      const pages = await makeSmallPdf(MAX_PDF_PAGES);
      await storedBefore(
        f,
        petitionId,
        ids.itemId,
        'screenshot.png',
        'image/png',
        await makeBlankRgbaPng(4000, 4000),
      );
      await storedBefore(f, petitionId, ids.itemId, 'bundle.pdf', 'application/pdf', pages);
      await storedBefore(f, petitionId, ids.itemId, 'bundle-copy.pdf', 'application/pdf', pages);
    });
    afterAll(() => f.t.close());
    return () => ({ f, petitionId });
  };

  describe('time', () => {
    const c = over({ timeoutMs: 200, memoryMb: 512 });
    it('answers 503 with a message, not a hang, and the server goes on answering', async () => {
      const { f, petitionId } = c();
      const build = () =>
        f.t.app.inject({ method: 'GET', url: `/api/pdf/petitions/${petitionId}`, headers: f.admin });
      const res = await build();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: PDF_TIMEOUT_MESSAGE });
      expect((await f.t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // The stopped worker is replaced: the next build gets a fresh worker and the same answer.
      expect((await build()).json()).toEqual({ message: PDF_TIMEOUT_MESSAGE });
    });
  });

  describe('memory', () => {
    const c = over({ timeoutMs: 120_000, memoryMb: 32 });
    it('answers 503 with a message when the worker runs out of its heap', async () => {
      const { f, petitionId } = c();
      const res = await f.t.app.inject({
        method: 'GET',
        url: `/api/pdf/petitions/${petitionId}`,
        headers: f.admin,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: PDF_MEMORY_MESSAGE });
    });
  });
});
