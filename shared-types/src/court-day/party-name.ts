// Names as cause lists and case titles write them (issue 34's conflict check): "Mst. Razia Bibi w/o Aslam",
// "MOHD. ASLAM S/O ABDUL GHANI", "Ch. Muhammad Aslam", "M/s ABC (Pvt.) Ltd.". One key per person or company,
// so the same name typed another way finds the same cases. No zod: the case form runs it as names are typed.

/** Spellings of one name part, each mapped to one form (the key's, not a correction of anyone's name). */
// prettier-ignore
const VARIANTS: Readonly<Record<string, string>> = {
  mohammad: 'muhammad', mohammed: 'muhammad', muhammed: 'muhammad', mohamad: 'muhammad', mohamed: 'muhammad',
  muhamad: 'muhammad', muhammd: 'muhammad', mohd: 'muhammad', muhd: 'muhammad', mohammd: 'muhammad',
  ch: 'chaudhry', chaudhary: 'chaudhry', chaudhri: 'chaudhry', choudhry: 'chaudhry', choudhary: 'chaudhry',
  chaudri: 'chaudhry', chowdhry: 'chaudhry', chohdry: 'chaudhry',
  ahmed: 'ahmad', husain: 'hussain', hussein: 'hussain', hosain: 'hussain', rahman: 'rehman',
  usman: 'usman', osman: 'usman',
  // Urdu: the common spellings of Muhammad and Chaudhry.
  'محمّد': 'muhammad', 'محمد': 'muhammad', 'چوہدری': 'chaudhry', 'چودھری': 'chaudhry', 'چوھدری': 'chaudhry',
};

/** Titles and honorifics before a name: not part of who the person is. */
// prettier-ignore
const HONORIFICS = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mst', 'mstt', 'musammat', 'mussammat', 'mussamat', 'syed', 'syeda', 'sayyid',
  'sayed', 'dr', 'haji', 'hafiz', 'messrs',
  'مسمات', 'مسماۃ', 'سید', 'سیدہ', 'ڈاکٹر', 'حاجی', 'حافظ', 'میسرز',
]);

/** Company suffixes at a name's end ("(Pvt.) Ltd.", "(Private) Limited", "Ltd"): one company however written. */
// prettier-ignore
const COMPANY_SUFFIXES = new Set(['pvt', 'private', 'ltd', 'limited', 'plc', 'inc', 'llc', 'smc', 'co', 'company',
  'لمیٹڈ', 'پرائیویٹ']);

/** "s/o", "d/o", "w/o", "r/o" and their spelled-out and Urdu forms: what follows is parentage or address. */
const PARENTAGE =
  /(^|[\s,(])(?:[sdwr]\s*\/\s*o|[sdwr]\.o\.?|son\s+of|daughter\s+of|wife\s+of|widow\s+of|resident\s+of|ولد|دختر|زوجہ|بنت|بیوہ|ساکن)(?=[\s.:,)]|$)/u;

/** Marks Urdu and Arabic writing adds or spells two ways, so محمّد and محمد, ي and ی read as one. */
const urduFold = (s: string) =>
  !/[\u0600-\u06FF]/.test(s)
    ? s
    : s
        .replace(/[\u064B-\u065F\u0670\u06EA-\u06ED]/g, '') // harakat, shadda, superscript alef
        .replace(/\u064A/g, '\u06CC') // Arabic yeh -> Farsi yeh
        .replace(/\u0643/g, '\u06A9') // Arabic kaf -> keheh
        .replace(/\u0647/g, '\u06C1') // heh -> heh goal
        .replace(/\u0629/g, '\u06C3'); // teh marbuta -> teh marbuta goal

/**
 * The key a name is matched by: lower case, punctuation and spacing gone, honorifics and parentage (after
 * s/o, d/o, w/o) dropped, spelling variants in one form, a company's suffixes dropped. Empty for no name.
 * A name that is only an honorific ("Syed") keeps it, so it still names someone.
 */
export function nameKey(name: string | null | undefined): string {
  const raw = (name ?? '').trim();
  // Plain ASCII (most names of a cause list) needs no Unicode normalising.
  let s = /^[\x20-\x7e]*$/.test(raw) ? raw.toLowerCase() : urduFold(raw.normalize('NFKC').toLowerCase());
  const cut = PARENTAGE.exec(s);
  if (cut) s = s.slice(0, cut.index);
  // "M/s ABC" (messrs): a company, its name follows.
  s = s.replace(/(^|\s)m\s*\/\s*s\b\.?/gu, ' ');
  const words = s
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => VARIANTS[w] ?? w);
  let end = words.length;
  while (end > 1 && COMPANY_SUFFIXES.has(words[end - 1]!)) end--;
  const kept = words.slice(0, end);
  const named = kept.filter((w) => !HONORIFICS.has(w));
  return (named.length ? named : kept).join(' ');
}

/** A CNIC as a key: its 13 digits (35202-1234567-1 and 3520212345671 alike), or null when it is none. */
export function cnicKey(cnic: string | null | undefined): string | null {
  const t = (cnic ?? '').trim();
  if (!/^[\d\s-]+$/.test(t)) return null;
  const d = t.replace(/\D/g, '');
  return d.length === 13 ? d : null;
}
