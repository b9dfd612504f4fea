import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { NAQAL_FORMS, TALBANA } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { readDexie } from '../../sync/db-access.ts';
import { openLocalDb, shadowOf, type LocalDb, type TRow } from '../../sync/db.ts';
import { openRawRead } from '../../sync/raw-read.ts';
import { loadDatedIndex } from './datedIndex.data.ts';

let db: LocalDb;
afterEach(() => db?.close());

async function pulled(entity: string, rows: TRow[]): Promise<void> {
  await db.shadow.bulkPut(rows.map((r) => shadowOf(entity, r)));
  await db.rows(entity).bulkPut(rows);
}

/** A device holding a case with talbana of two types, their files, and another module's rows and files. */
async function synced(): Promise<string> {
  db = openLocalDb(crypto.randomUUID());
  await pulled('petitions', [{ id: 'case-1', case_no: '7', year: 2026, title: 'Ali v. State' }]);
  await pulled('module_types', [
    { id: 't-1', module_id: TALBANA.moduleId, title: 'Summons', display_order: 2 },
    { id: 't-2', module_id: TALBANA.moduleId, title: 'Notice', display_order: 1 },
    { id: 'n-1', module_id: NAQAL_FORMS.moduleId, title: 'Certified copy', display_order: 1 },
  ]);
  await pulled('talbana', [
    { id: 'b', petition_id: 'case-1', title: 'Later', talbana_date: '2026-03-02', talbana_type_id: 't-1' },
    { id: 'a', petition_id: 'case-1', title: 'Earlier', talbana_date: '2026-01-05', talbana_type_id: 't-2' },
    { id: 'x', petition_id: 'case-2', title: 'Elsewhere', talbana_date: '2026-01-01' },
  ]);
  await pulled('naqal_forms', [
    { id: 'n', petition_id: 'case-1', title: 'Copy', naqal_form_date: '2026-01-01' },
  ]);
  const file = (id: string, ownerType: string, owner: string, order: number) => ({
    id,
    petition_id: 'case-1',
    owner_type: ownerType,
    owner_id: owner,
    sha256: id.padEnd(64, '0'),
    file_name: `${id}.png`,
    mime_type: 'image/png',
    display_order: order,
  });
  await pulled('attachments', [
    file('f2', 'PetitionTalbana', 'a', 2),
    file('f1', 'PetitionTalbana', 'a', 1),
    file('f3', 'PetitionTalbana', 'b', 1),
    file('f4', 'PetitionNaqalForm', 'n', 1),
  ]);
  return db.name;
}

describe("a dated module's index query", () => {
  it("reads the same with plain IndexedDB (a cold start) as through Dexie: items by date, the types, the module's files", async () => {
    const name = await synced();
    const viaDexie = await loadDatedIndex(readDexie(db), TALBANA, 'case-1');
    expect(viaDexie.rows.map((r) => r.title)).toEqual(['Earlier', 'Later']);
    expect(viaDexie.types.map((t) => t.title).sort()).toEqual(['Notice', 'Summons']);
    expect(viaDexie.files.map((f) => f.id)).toEqual(['f1', 'f3', 'f2']);
    expect(viaDexie.petition?.title).toBe('Ali v. State');

    const raw = await openRawRead(name);
    try {
      expect(await loadDatedIndex(raw.read, TALBANA, 'case-1')).toEqual(viaDexie);
    } finally {
      raw.close();
    }
    const none = await loadDatedIndex(readDexie(db), TALBANA, 'case-9');
    expect(none).toMatchObject({ petition: null, rows: [], files: [] });
  });
});
