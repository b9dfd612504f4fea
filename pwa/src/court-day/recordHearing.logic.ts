import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';
import type { TOrderSheetRow } from '../case-files/caseFiles.types.ts';

/**
 * What "Record hearing" (issue 34 item 1) writes, decided from the case's order sheets on the device. A hearing
 * is an order sheet of its day (hearing.logic.ts); recording it gives that sheet its outcome (the order-sheet
 * type), which is what "done" means on Today's list: a hearing of today whose sheet has a type is recorded.
 * No zod and no Dexie here: pure, tested alone, and the dashboard's chunk stays small.
 */

/** The outcomes the form needs (seeded for every firm: our-reference-data.json, migration 0025). */
export const OUTCOME_DECIDED = 'Decided';

export const MSG_OUTCOME_REQUIRED = 'Choose the outcome of the hearing.';
export const MSG_NEXT_AFTER_HEARING = 'The next date must be after the day of this hearing.';
export const MSG_PHOTO_NOT_IMAGE = 'The photo must be a picture (JPEG or PNG).';
export const MSG_RECORDED = 'Hearing recorded.';

/** A sheet with nothing written on it: only a date (what "Add Hearing Date" and the calendar make). */
export const isBareSheet = (s: TOrderSheetRow): boolean =>
  !s.order_sheet_type_id && !s.description?.trim() && !s.title?.trim();

const byDateThenId = (a: TOrderSheetRow, b: TOrderSheetRow) =>
  compareCodes(String(a.order_sheet_date), String(b.order_sheet_date)) || compareCodes(a.id, b.id);

/**
 * The sheets a record of the hearing on `date` writes: `hearing`, the case's sheet of that day (the lower id of
 * two, as every device picks), or null to make one; `next`, the case's first sheet after that day when it is
 * bare (a planned date, moved to the chosen next date), or null to make a new one (a sheet with an order
 * written on it is history and is never moved).
 */
export function recordTargets(
  sheets: readonly TOrderSheetRow[],
  date: string,
  hearingId?: string | null,
): { hearing: TOrderSheetRow | null; next: TOrderSheetRow | null } {
  const live = sheets.filter((s) => !s.deleted_at && typeof s.order_sheet_date === 'string');
  const chosen = hearingId ? (live.find((s) => s.id === hearingId) ?? null) : null;
  const hearing = chosen ?? live.filter((s) => s.order_sheet_date === date).sort(byDateThenId)[0] ?? null;
  const day = hearing?.order_sheet_date ?? date;
  const later = live
    .filter((s) => String(s.order_sheet_date) > day && s.id !== hearing?.id)
    .sort(byDateThenId);
  const first = later[0] ?? null;
  return { hearing, next: first && isBareSheet(first) ? first : null };
}

/** The dashboard's warning: "2 hearings today not recorded"; null when every hearing of today has its outcome. */
export function unrecordedText(count: number): string | null {
  if (count <= 0) return null;
  return `${count} hearing${count === 1 ? '' : 's'} today not recorded`;
}

// Today's and tomorrow's lists by court and serial: shared with the server's cause list PDF and digest, so
// both order a day the same way (shared-types/src/court-day/today-list.ts).
export {
  groupByPlace,
  orderedByPlace,
  placeOf,
  type TPlaced,
  type TPlaceGroup,
} from '@lawfirm/shared-types/court-day/today-list.ts';
