import { afterAll, beforeAll, expect, it } from 'vitest';
import { up as repairOrphans } from '../../migrations/src/2026_11_23_0004_repair_orphans.ts';
import { newId } from '../src/db/ids.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';

/**
 * A database written before relations held on every path: a case file tombstoned alone (as a device's delete
 * used to), and a file attached to a document of another case file. The repair migration tombstones what is
 * left below them and logs it, so devices that still hold those rows drop them at their next pull.
 */
describeEachDb('migration: orphans left by earlier deletes are repaired', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  it('tombstones the orphans, logs them for devices and leaves live case files alone', async () => {
    const db = f.t.app.db;
    const dead = await f.petition({ case_no: 'OLD-1' });
    const alive = await f.petition({ case_no: 'OLD-2' });
    const item = async (petition: string) =>
      (
        await f.call('POST', '/api/petitions_index', f.admin, {
          petition_id: petition,
          document_description: 'Doc',
        })
      ).json<{ petition_index: { id: string } }>().petition_index.id;
    const orphanItem = await item(dead);
    const liveItem = await item(alive);
    const device = await connectDevice(f.t, f.admin);
    expect(device.rows.has(`petition_index/${orphanItem}`)).toBe(true);

    // The old single-row delete, and a file whose owner sits in another case file, written as they once were.
    await db
      .updateTable('petitions')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', dead)
      .execute();
    const now = new Date().toISOString();
    const strayFile = newId();
    await db
      .insertInto('attachments')
      .values({
        id: strayFile,
        company_id: (
          await db
            .selectFrom('petitions')
            .select('company_id')
            .where('id', '=', alive)
            .executeTakeFirstOrThrow()
        ).company_id,
        petition_id: alive,
        owner_type: 'PetitionIndex',
        owner_id: orphanItem,
        sha256: 'c'.repeat(64),
        file_name: 'x.png',
        mime_type: 'image/png',
        size: 1,
        title: null,
        display_order: 0,
        created_at: now,
        updated_at: now,
        updated_by: null,
        version: 0,
        deleted_at: null,
        field_versions: '{}',
        field_writers: '{}',
      })
      .execute();

    await repairOrphans(db);

    const state = async (table: 'petition_index' | 'attachments', id: string) =>
      (await db.selectFrom(table).select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow())
        .deleted_at;
    expect(await state('petition_index', orphanItem)).not.toBeNull();
    expect(await state('attachments', strayFile)).not.toBeNull();
    expect(await state('petition_index', liveItem)).toBeNull();

    const delivered = await device.pull();
    expect(delivered.get(`petition_index/${orphanItem}`)).toBeNull();
    expect(device.rows.has(`petition_index/${liveItem}`)).toBe(true);
  });
});
