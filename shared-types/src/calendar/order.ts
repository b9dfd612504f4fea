// One Intl.Collator each, made once: String#localeCompare with a locale or options builds a collator on every
// call, which made sorting a month of hearings take most of a second on a phone.
const byText = new Intl.Collator('en');
const byCase = new Intl.Collator('en', { numeric: true });

/** A case's title in natural order ('WP 41/2026 …' before 'WP 345/2026 …'). */
export const compareCaseTitles = (a: string, b: string): number => byCase.compare(a, b);

/**
 * The order a cause list is read in court, the same on the device and the server: by court, then by case
 * (numbers in natural order), then by id so equal rows keep one order.
 */
export const compareHearings = (
  a: { court: string; title: string; id: string },
  b: { court: string; title: string; id: string },
): number =>
  byText.compare(a.court, b.court) ||
  byCase.compare(a.title, b.title) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
