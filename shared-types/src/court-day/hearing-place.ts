import { z } from 'zod';
import type { TEntityDecl } from '../sync/entity.ts';

// Where to be next (issue 34): a hearing (an order sheet) may carry the court room and its serial number in
// that day's cause list, both optional, so Today's list groups by court and orders by serial. Only hearings
// carry them: the other dated modules (naqal forms, talbana, synopsis) have no room or serial.

export const COURT_ROOM_MAX = 50;
export const SERIAL_NO_MAX = 9999;
export const MSG_COURT_ROOM_TOO_LONG = `Court room may not be greater than ${COURT_ROOM_MAX} characters.`;
export const MSG_COURT_ROOM_INVALID = 'Court room must be text, such as Court Room 5.';
export const MSG_SERIAL_NO_INVALID = `Serial no. must be a whole number from 1 to ${SERIAL_NO_MAX}.`;

export const HEARING_PLACE_COLUMNS = { court_room: 'text', serial_no: 'int' } as const;

const serialNo = z
  .number({ error: MSG_SERIAL_NO_INVALID })
  .int({ error: MSG_SERIAL_NO_INVALID })
  .min(1, { error: MSG_SERIAL_NO_INVALID })
  .max(SERIAL_NO_MAX, { error: MSG_SERIAL_NO_INVALID })
  .nullish()
  .transform((v) => v ?? null);

/** The two fields as a row schema checks them (a device's push and the REST calls alike). */
export const HEARING_PLACE_SHAPE = {
  court_room: z
    .string({ error: MSG_COURT_ROOM_INVALID })
    .trim()
    .max(COURT_ROOM_MAX, { error: MSG_COURT_ROOM_TOO_LONG })
    .nullish()
    .transform((v) => v || null),
  serial_no: serialNo,
};

/**
 * A serial number as a form or the original client sends it: a number, its digits as text ("12"), or nothing
 * ("" or null). Anything else stays as sent, so the schema answers its message rather than dropping it.
 */
export const serialNoFromWire = (v: unknown): unknown => {
  if (v === '' || v === null || v === undefined) return null;
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return Number(v);
  return v;
};
export const ZSerialNoWire = z.preprocess(serialNoFromWire, serialNo);

/** The hearing entity (order sheets) with its room and serial: columns, writable fields and row schema. */
export function withHearingPlace<D extends TEntityDecl<z.ZodObject>>(decl: D) {
  return {
    ...decl,
    columns: { ...decl.columns, ...HEARING_PLACE_COLUMNS } as D['columns'] & typeof HEARING_PLACE_COLUMNS,
    writable: [...decl.writable, ...Object.keys(HEARING_PLACE_COLUMNS)],
    schema: (decl.schema as D['schema']).extend(HEARING_PLACE_SHAPE),
  } satisfies TEntityDecl;
}
