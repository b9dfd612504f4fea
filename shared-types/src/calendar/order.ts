import { compareCodes, compareNatural } from '../common/natural-order.ts';

/** A case's title in natural order ('WP 41/2026 …' before 'WP 345/2026 …'). */
export const compareCaseTitles = (a: string, b: string): number => compareNatural(a, b);

/**
 * The order a cause list is read in court, the same on the device and the server: by court, then by case
 * (numbers in natural order), then by id so equal rows keep one order. Without Intl (natural-order.ts): the
 * dashboard's cause lists are on the way to its first screen.
 */
export const compareHearings = (
  a: { court: string; title: string; id: string },
  b: { court: string; title: string; id: string },
): number => compareNatural(a.court, b.court) || compareNatural(a.title, b.title) || compareCodes(a.id, b.id);
