import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildCaseFilePdf,
  buildDocumentPdf,
  buildOrderSheetsPdf,
  buildPendingCasesPdf,
} from '@lawfirm/shared-types/pdf/index.ts';
import { nodeFontBytes } from '@lawfirm/shared-types/pdf/node-fonts.ts';
import { URDU_PARTY } from '@lawfirm/shared-types/pdf/testing/fixtures.ts';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { DOCUMENT_KINDS } from '../case-documents/kinds.ts';
import { storeLocalFile } from '../sync/attachments.ts';
import { openLocalDb, type LocalDb } from '../sync/db.ts';
import {
  caseFileData,
  documentData,
  localFileLoader,
  NOT_ON_DEVICE,
  orderSheetsData,
  pendingCasesData,
} from './pdf-data.ts';

let db: LocalDb;
afterEach(() => db?.close());

/** A case file as sync leaves it on a phone: rows in the entity tables, one photo's bytes in the blobs. */
async function seed() {
  db = openLocalDb(`pdf-${crypto.randomUUID()}`);
  const photo = await storeLocalFile(
    db,
    new File([makePng(60, 40, () => [200, 40, 40])], 'photo.png', { type: 'image/png' }),
  );
  await db.rows('settings').put({ id: 's', site_name: 'Siddiqui & Co.' });
  await db.rows('courts').put({ id: 'c1', title: 'Lahore High Court' });
  await db.rows('case_categories').put({ id: 'k1', title: 'Writ Petition', abbreviation: 'W.P.' });
  await db.rows('module_types').put({ id: 'm1', module_id: 1, title: 'Arguments' });
  await db.rows('users').put({ id: 'u1', name: 'Ayesha Siddiqui' });
  await db.rows('petitions').bulkPut([
    {
      id: 'p1',
      case_no: '77',
      year: 2023,
      title: 'Ali v. State',
      court_id: 'c1',
      petition_type_id: 'k1',
      pending_tag: 'L-9',
      archived: false,
      lawyer_ids: ['u1', 'unknown'],
    },
    {
      id: 'p2',
      case_no: '78',
      year: 2023,
      title: 'Archived one',
      pending_tag: 'L-1',
      archived: true,
      lawyer_ids: [],
    },
  ]);
  await db.rows('petition_parties').bulkPut([
    { id: 'a', petition_id: 'p1', side: 'petitioner', name: URDU_PARTY, display_order: 0 },
    { id: 'b', petition_id: 'p1', side: 'opponent', name: 'State', display_order: 0 },
  ]);
  await db.rows('order_sheets').bulkPut([
    { id: 'o2', petition_id: 'p1', order_sheet_date: '2099-03-01', order_sheet_type_id: 'm1' },
    { id: 'o1', petition_id: 'p1', order_sheet_date: '2024-01-10', order_sheet_type_id: 'm1' },
  ]);
  await db.rows('petition_index').bulkPut([
    { id: 'i2', petition_id: 'p1', document_description: 'Second', display_order: 1 },
    { id: 'i1', petition_id: 'p1', document_description: 'First', date: '2024-01-05', display_order: 0 },
  ]);
  const file = (id: string, owner: string, name: string, sha256: string) => ({
    id,
    petition_id: 'p1',
    owner_type: 'PetitionIndex',
    owner_id: owner,
    sha256,
    file_name: name,
    mime_type: 'image/png',
    display_order: 0,
  });
  await db.rows('attachments').bulkPut([
    file('f1', 'i1', 'photo.png', photo.sha256),
    // Its bytes were never downloaded to this phone.
    file('f2', 'i2', 'elsewhere.png', 'e'.repeat(64)),
  ]);
}

const loadBytes = () => localFileLoader(db, nodeFontBytes);

describe('PDFs from the local database (offline)', () => {
  it('gathers a case file from the device and builds it with the shared builder', async () => {
    await seed();
    const { name, data } = await caseFileData(db, 'p1', '2026-11-22');
    expect(name).toBe('W.P. 77-2023 Ali v. State.pdf');
    expect(data.caseFile).toMatchObject({
      court: 'Lahore High Court',
      caseType: 'W.P.',
      petitioners: [URDU_PARTY],
      opponents: ['State'],
      lawyers: ['Ayesha Siddiqui'],
      nextHearing: '2099-03-01',
    });
    expect(data.index.map((e) => e.description)).toEqual(['First', 'Second']);
    const progress: number[] = [];
    const read = await readPdf(
      await buildCaseFilePdf({ ...data, loadBytes: loadBytes(), onProgress: (d) => progress.push(d) }),
    );
    // cover + index + the local photo + a page naming the file that is not on this device, then the order
    // sheets' section (the dated modules are in the case file too, as the server prints them)
    expect(read.pages).toBe(5);
    expect(read.text[0]).toContain('123/2024');
    expect(read.text[3]).toContain('File could not be included: elsewhere.png');
    expect(read.text[4]).toContain('ORDER SHEETS');
    expect(data.sections?.map((s) => s.title)).toEqual([
      'Order Sheets',
      'Oral Arguments',
      'Naqal Forms',
      'Talbana',
      'Case Laws',
      'Extra Documents',
      'Synopsis',
      'Judgements',
    ]);
    expect(progress).toEqual([0, 1, 2]);
  });

  it('gathers one document, the pending cases and the hearing dates', async () => {
    await seed();
    const doc = await documentData(db, DOCUMENT_KINDS.index, 'i1', '2026-11-22');
    expect(doc.data.kind).toBe('Index');
    expect(doc.data.document.attachments.map((a) => a.file_name)).toEqual(['photo.png']);
    expect((await readPdf(await buildDocumentPdf({ ...doc.data, loadBytes: loadBytes() }))).pages).toBe(2);

    const pending = await pendingCasesData(db, '2026-11-22');
    expect(pending.data.rows.map((r) => r.pendingTag)).toEqual(['L-9']);
    expect(
      (await readPdf(await buildPendingCasesPdf({ ...pending.data, loadBytes: loadBytes() }))).text[0],
    ).toContain('L-9');

    const sheets = await orderSheetsData(db, 'p1', '2026-11-22');
    expect(sheets.data.sheets).toEqual([
      { date: '2024-01-10', type: 'Arguments' },
      { date: '2099-03-01', type: 'Arguments' },
    ]);
    expect(
      (await readPdf(await buildOrderSheetsPdf({ ...sheets.data, loadBytes: loadBytes() }))).text[0],
    ).toContain('01/03/2099');
  });

  it('says when the case file is not on this device', async () => {
    await seed();
    await expect(caseFileData(db, 'nope')).rejects.toThrow(NOT_ON_DEVICE);
  });
});
