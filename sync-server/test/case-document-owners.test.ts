import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ATTACHMENT_OWNERS,
  DATED_MODULES,
  ENTITY_DECLS,
  fileOwners,
  fileTooLargeMessage,
  ORDER_SHEETS,
  STANDARD_INDEX_MODULES,
  tooManyFilesMessage,
  datedFields,
  type TFileOwner,
} from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { caseFirm, multipart, PNG_1PX, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice, type Device } from './device.ts';
import { describeEachDb } from './helper.ts';

/**
 * The case documents' owners are declared file owners (issue 32 item 2): what each case document's entity
 * declares in `files` (kinds, bytes, how many, the old client's other names for its kind) is what the server
 * holds, on a device's push and on the original client's upload and file URLs, with the declared messages.
 */
const declared = (type: string): TFileOwner => {
  const o = fileOwners(ENTITY_DECLS).find((x) => x.type === type);
  if (!o) throw new Error(`${type} is not a declared file owner`);
  return o;
};

describeEachDb('case documents: declared file owners', (kind) => {
  let f: CaseFirm;
  let admin: Device;
  let petitionId: string;
  let itemId: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    admin = await connectDevice(f.t, f.admin);
    petitionId = await f.petition({
      petitioners: [{ user: { name: { id: f.clientId, name: f.clientName } } }],
    });
    itemId = (
      await f.call('POST', '/api/petitions_index', f.admin, {
        petition_id: petitionId,
        document_description: 'Paper book',
      })
    ).json<{ petition_index: { id: string } }>().petition_index.id;
  });
  afterAll(() => f.t.close());

  const upload = (fields: Record<string, string>, name = 'scan.png') => {
    const body = multipart({ petition_id: petitionId, ...fields }, [
      { filename: name, type: 'image/png', data: PNG_1PX },
    ]);
    return f.t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...f.admin, ...body.headers },
      payload: body.payload,
    });
  };
  const file = (ownerType: string, ownerId: string, values: Record<string, unknown> = {}) => ({
    name: 'put',
    args: {
      entity: 'attachments',
      id: newId(),
      values: {
        petition_id: petitionId,
        owner_type: ownerType,
        owner_id: ownerId,
        sha256: 'a'.repeat(64),
        file_name: `page ${newId()}.png`,
        mime_type: 'image/png',
        size: 10,
        ...values,
      },
    },
  });

  it('declares every case document kind the original API names, read with its case file', () => {
    const owners = fileOwners(ENTITY_DECLS).filter((o) => o.within === 'petition_id');
    expect(owners.map((o) => o.type).sort()).toEqual([...ATTACHMENT_OWNERS].sort());
    expect(declared(ORDER_SHEETS.model).aliases).toContain('PetitionOrderSheet');
    for (const m of STANDARD_INDEX_MODULES) expect(declared(m.model).aliases).toContain(m.module_type);
    for (const m of DATED_MODULES) expect(declared(m.model).entity).toBe(m.entity);
  });

  it("refuses a kind and a size the owner does not declare, in the declaration's words", async () => {
    const owner = declared('PetitionIndex');
    const pushed = await admin.push([
      file(owner.type, itemId, { mime_type: 'text/plain', file_name: 'notes.txt' }),
      file(owner.type, itemId, { size: owner.maxBytes + 1 }),
    ]);
    expect(pushed.results.map((r) => [r.status, r.message])).toEqual([
      ['rejected', owner.kindsMessage],
      ['rejected', fileTooLargeMessage(owner.maxBytes)],
    ]);
  });

  it('takes the old client’s declared other names for a kind, in uploads and file URLs', async () => {
    const fld = datedFields(ORDER_SHEETS);
    const sheet = await f.call('POST', ORDER_SHEETS.rest.path, f.admin, {
      petition_id: petitionId,
      title: 'Hearing',
      [fld.date]: '2026-02-01',
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const sheetId = sheet.json<Record<string, { id: string }>>()[ORDER_SHEETS.rest.savedKey]!.id;
    const up = await upload({
      attachmentable_type: 'App\\Models\\PetitionOrderSheet',
      attachmentable_id: sheetId,
    });
    expect(up.statusCode, up.body).toBe(200);
    const [made] = up.json<{ attachments: { attachmentable_type: string; url: string }[] }>().attachments;
    expect(made!.attachmentable_type).toBe('App\\Models\\PetitonOrderSheet');
    const byAlias = made!.url.replace('/PetitonOrderSheet/', '/PetitionOrderSheet/');
    for (const url of [made!.url, byAlias]) {
      const served = await f.t.app.inject({ method: 'GET', url, headers: f.admin });
      expect(served.statusCode, url).toBe(200);
      expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    }

    const m = STANDARD_INDEX_MODULES[0];
    const entry = await f.call('POST', `/api/${m.module_type}`, f.admin, {
      petition_id: petitionId,
      document_description: 'PLD 2020 SC 1',
    });
    expect(entry.statusCode, entry.body).toBe(200);
    const entryId = entry.json<{ index_detail_data: { id: string } }>().index_detail_data.id;
    const byModule = await upload({ attachmentable_type: m.module_type, attachmentable_id: entryId });
    expect(byModule.statusCode, byModule.body).toBe(200);
    expect(byModule.json().attachments[0].attachmentable_type).toBe(`App\\Models\\${m.model}`);

    const unknown = await upload({ attachmentable_type: 'App\\Models\\Petition', attachmentable_id: itemId });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('The document to attach the files to is not valid.');
  });

  it('holds the declared number of files a document may have, on push and on upload', async () => {
    const owner = declared('PetitionIndex');
    const item = (
      await f.call('POST', '/api/petitions_index', f.admin, {
        petition_id: petitionId,
        document_description: 'Full paper book',
      })
    ).json<{ petition_index: { id: string } }>().petition_index.id;
    // The push holds at most 500 changes: fill the document up in pushes of that size.
    for (let left = owner.max; left > 0; left -= 500) {
      const batch = Array.from({ length: Math.min(left, 500) }, () => file(owner.type, item));
      const filled = await admin.push(batch);
      expect(new Set(filled.results.map((r) => r.status))).toEqual(new Set(['applied']));
    }
    const over = await admin.push([file(owner.type, item)]);
    expect(over.results[0]).toMatchObject({ status: 'rejected', message: tooManyFilesMessage(owner.max) });
    const rest = await upload({ attachmentable_type: owner.type, attachmentable_id: item }, 'late.png');
    expect(rest.statusCode, rest.body).toBe(422);
    expect(rest.json()).toMatchObject({ message: tooManyFilesMessage(owner.max) });
  });
});
