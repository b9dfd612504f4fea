import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { readDraft } from '../ui/fields.ts';
import { openLocalDb, type LocalDb } from '../sync/db.ts';
import { saveEventLocal } from '../calendar/calendar.actions.ts';
import { COURT_ROOM_FIELD, SERIAL_FIELD } from './placeFields.ts';

let db: LocalDb;
afterEach(() => db?.close());

it('checks the room and serial by the order sheets’ rules, and the calendar queues them on the hearing', async () => {
  const fields = [COURT_ROOM_FIELD, SERIAL_FIELD];
  expect(readDraft(fields, { court_room: ' Court Room 5 ', serial_no: '12' }).values).toEqual({
    court_room: 'Court Room 5',
    serial_no: 12,
  });
  expect(readDraft(fields, { court_room: '', serial_no: '0' }).errors).toEqual({
    serial_no: 'Serial no. must be a whole number from 1 to 9999.',
  });
  expect(readDraft(fields, { court_room: 'x'.repeat(51), serial_no: '' }).errors?.court_room).toBeTruthy();

  db = openLocalDb(`test-${crypto.randomUUID()}`);
  const id = await saveEventLocal(db, 'u1', null, {
    date: '2026-12-01',
    summary: null,
    petitionId: 'p1',
    place: { court_room: 'Court Room 5', serial_no: 12 },
  });
  const [entry] = await db.outbox.toArray();
  expect(entry?.args).toEqual({
    entity: 'order_sheets',
    id,
    values: {
      petition_id: 'p1',
      order_sheet_date: '2026-12-01',
      description: null,
      court_room: 'Court Room 5',
      serial_no: 12,
    },
  });
});
