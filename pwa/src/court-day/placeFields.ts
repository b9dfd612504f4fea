import {
  COURT_ROOM_MAX,
  HEARING_PLACE_SHAPE,
  MSG_SERIAL_NO_INVALID,
  SERIAL_NO_MAX,
} from '@lawfirm/shared-types/court-day/hearing-place.ts';
import type { TField } from '../ui/fields.ts';

/**
 * Where a hearing is (issue 34 item 5), declared once for the record form and the calendar's event modal: the
 * court room and the serial in the day's cause list, both optional, checked by the order sheets' own rules.
 */
export const COURT_ROOM_FIELD: TField = {
  key: 'court_room',
  label: 'Court room',
  maxLength: COURT_ROOM_MAX,
  rule: HEARING_PLACE_SHAPE.court_room,
};
export const SERIAL_FIELD: TField = {
  key: 'serial_no',
  label: 'Serial',
  kind: 'number',
  max: SERIAL_NO_MAX,
  invalid: MSG_SERIAL_NO_INVALID,
  rule: HEARING_PLACE_SHAPE.serial_no,
};

/** A hearing's room and serial as the draft holds them (text). */
export const placeDraft = (h: { courtRoom?: unknown; serialNo?: unknown } | null | undefined) => ({
  court_room: typeof h?.courtRoom === 'string' ? h.courtRoom : '',
  serial_no: typeof h?.serialNo === 'number' ? String(h.serialNo) : '',
});
