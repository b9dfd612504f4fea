import { todayInPakistan } from '@lawfirm/shared-types';
import type { TOrderSheetRow } from './caseFiles.types.ts';

/**
 * A hearing date is an order sheet (part 2 §2.1: an order sheet records one date of hearing). The "next
 * hearing" of a case is its earliest order sheet dated today or later; adding a hearing date makes one,
 * changing it moves that order sheet, removing it deletes that order sheet.
 */

/**
 * Today in Pakistan, the same day the server takes (a lawyer in Lahore at 1 a.m. means today there, not in UTC,
 * and a phone left on another time zone still agrees with the office).
 */
export function todayIso(now: Date = new Date()): string {
  return todayInPakistan(now);
}

export function nextHearing<T extends Pick<TOrderSheetRow, 'id' | 'order_sheet_date'>>(
  sheets: readonly T[],
  today: string,
): T | null {
  let best: T | null = null;
  for (const s of sheets) {
    const d = s.order_sheet_date;
    if (typeof d !== 'string' || d < today) continue;
    // Two sheets on one day: the lower (older UUIDv7) id, so every device picks the same one.
    if (!best || d < best.order_sheet_date || (d === best.order_sheet_date && s.id < best.id)) best = s;
  }
  return best;
}

/** The hearing calendar's dd/mm/yy (part 1 §9). */
export function formatShortDate(iso: string | null | undefined): string {
  const m = /^\d{2}(\d{2})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** Why a picked hearing date cannot be saved, or null. A past day would never show as the next hearing. */
export function hearingDateError(iso: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return 'Choose a hearing date.';
  const y = Number(iso.slice(0, 4));
  if (y < 1900 || y > 2100) return 'Choose a hearing date.';
  if (iso < today) return 'The hearing date cannot be in the past.';
  return null;
}
