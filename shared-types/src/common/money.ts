// Money (DESIGN §4, part 3 §5): whole paisa (integers), never binary floats, shown "Rs. 1,234.50". The form
// kit's money fields, invoices, the firm export and the demo data all read and write amounts with these
// functions, so they can never disagree.

/** Why a typed or sent amount is refused. */
export const MSG_AMOUNT_INVALID = 'The amount must be a number with up to 2 decimals.';

/** The largest amount an invoice field holds: Rs. 10,000,000,000.00 (sums stay far below 2^53). */
export const MAX_PAISA = 1_000_000_000_000;

/**
 * Rupees as a user or the original client writes them ("1234.5", 1234.5, "1234.56789": up to 5 fraction
 * digits, no grouping) to whole paisa, rounding the third decimal half up; read from the text, so 0.1 + 0.2
 * never enters. Anything else (negative, not a number, too large) answers null.
 */
export function parseRupees(input: unknown): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // A JSON number's shortest decimal text is what the sender wrote (1234.5, 0.07).
    text = String(input);
    if (/e/i.test(text)) return null;
  } else if (typeof input === 'string') text = input.trim();
  else return null;
  const m = /^(\d{1,13})(?:\.(\d{0,5}))?$/.exec(text);
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(3, '0');
  const paisa = Number(m[1]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return paisa <= MAX_PAISA ? paisa : null;
}

/** A stored or typed amount as paisa for sums: negative or invalid becomes 0 (§5). */
export const paisaOrZero = (v: unknown): number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? Math.min(v, MAX_PAISA) : 0;

/** Paisa as the original API's decimal text: "1234.50". */
export function paisaToDecimal(paisa: number): string {
  const p = Math.trunc(paisa);
  const sign = p < 0 ? '-' : '';
  const a = Math.abs(p);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** Paisa as shown on screen and in the PDF: "Rs. 1,234.50" (two decimals, §5 and §9). */
export function formatRs(paisa: number): string {
  const [whole, frac] = paisaToDecimal(paisa).split('.');
  const neg = whole!.startsWith('-');
  const digits = neg ? whole!.slice(1) : whole!;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}Rs. ${grouped}.${frac}`;
}
