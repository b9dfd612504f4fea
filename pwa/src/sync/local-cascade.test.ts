import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import type { TPullResponse } from '@lawfirm/shared-types';
import { deleteLocal, putLocal } from './actions.ts';
import { applyPulled, serverRow } from './pulled.fixture.ts';
import { openLocalDb, type LocalDb } from './db.ts';

let db: LocalDb;
afterEach(() => db?.close());

const row = serverRow;
const file = (id: string, owner: string) =>
  row(id, { petition_id: 'case', owner_type: 'PetitionIndex', owner_id: owner, sha256: 'a'.repeat(64) });

/** One pulled page, as the server sends it. */
async function pulled(changes: TPullResponse['changes'], extra: Partial<TPullResponse> = {}) {
  expect(await applyPulled(db, changes, extra)).toBe(true);
}
const visible = async (entity: string) => (await db.rows(entity).toArray()).map((r) => r.id).sort();

it('a case file deleted offline takes its documents off the screen at once, and a refusal brings them back', async () => {
  db = openLocalDb(`cascade-${crypto.randomUUID()}`);
  await pulled([
    { entity: 'petitions', id: 'case', row: row('case', { case_no: '1', title: 'A vs B' }) },
    {
      entity: 'petition_index',
      id: 'item',
      row: row('item', { petition_id: 'case', document_description: 'Plaint' }),
    },
    { entity: 'reply_parents', id: 'head', row: row('head', { petition_id: 'case', title: 'Reply' }) },
    { entity: 'replies', id: 'reply', row: row('reply', { petition_id: 'case', reply_parent_id: 'head' }) },
    { entity: 'attachments', id: 'scan', row: file('scan', 'item') },
    { entity: 'petitions', id: 'other', row: row('other', { case_no: '2', title: 'C vs D' }) },
    {
      entity: 'petition_index',
      id: 'kept',
      row: row('kept', { petition_id: 'other', document_description: 'X' }),
    },
  ]);
  // Photographed offline, not yet sent: a new index item with a file.
  await putLocal(db, 'petition_index', 'new-item', { petition_id: 'case', document_description: 'Order' });
  await putLocal(db, 'attachments', 'photo', { ...file('photo', 'new-item') });

  const del = await deleteLocal(db, 'petitions', 'case');
  expect(await visible('petitions')).toEqual(['other']);
  expect(await visible('petition_index')).toEqual(['kept']);
  expect(await visible('reply_parents')).toEqual([]);
  expect(await visible('replies')).toEqual([]);
  expect(await visible('attachments')).toEqual([]);

  // A pulled edit of a document of the deleted case file does not bring it back while the delete is queued.
  await pulled([
    {
      entity: 'petition_index',
      id: 'item',
      row: row('item', { petition_id: 'case', document_description: 'Edited' }),
    },
  ]);
  expect(await visible('petition_index')).toEqual(['kept']);

  // The server takes the new item and its file but refuses the delete (the role changed meanwhile):
  // everything is shown again.
  await pulled(
    [
      {
        entity: 'petition_index',
        id: 'new-item',
        row: row('new-item', { petition_id: 'case', document_description: 'Order' }),
      },
      { entity: 'attachments', id: 'photo', row: file('photo', 'new-item') },
    ],
    {
      lastMutationId: del,
      results: [
        { id: del - 2, status: 'applied' },
        { id: del - 1, status: 'applied' },
        { id: del, status: 'rejected', message: 'This action is unauthorized.' },
      ],
    },
  );
  expect(await visible('petitions')).toEqual(['case', 'other']);
  expect(await visible('petition_index')).toEqual(['item', 'kept', 'new-item']);
  expect(await visible('replies')).toEqual(['reply']);
  expect(await visible('attachments')).toEqual(['photo', 'scan']);
});
