// The spec's cuts (names on a case card at 20, excerpts at 80, FIR titles at 50) counted in what a reader sees
// as one character, and made between words: a cut by UTF-16 code units split an Urdu letter from its marks
// ("مُحَمَّد" is 8 code units but 4 letters) and left half a word ("محم…"). No zod, no DOM: screens and the server
// both import it.

export const ELLIPSIS = '…';

type TSegment = { segment: string; isWordLike?: boolean };
type TSegmenter = { segment: (text: string) => Iterable<TSegment> };
type TSegmenterCtor = new (locale?: string, options?: { granularity: 'grapheme' | 'word' }) => TSegmenter;

// Intl.Segmenter is in Node 16+, Chromium 87+, Safari 14.1+ and Firefox 125+; older engines fall back below.
const Segmenter = (Intl as unknown as { Segmenter?: TSegmenterCtor }).Segmenter;
let graphemer: TSegmenter | null = null;
/** A combining mark, a joiner or a variation selector: part of the character before it. */
const JOINS_PREVIOUS = /^(?:\p{M}|\u200c|\u200d|\ufe0f)$/u;
let worder: TSegmenter | null = null;

/**
 * The user-perceived characters of `text`: a letter with its combining marks (Urdu's zer, zabar, pesh, shadda),
 * a surrogate pair or an emoji sequence each count once. Without Intl.Segmenter: code points, with combining
 * marks and joiners kept on the character before them.
 */
export function graphemes(text: string): string[] {
  if (Segmenter) {
    graphemer ??= new Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(graphemer.segment(text), (s) => s.segment);
  }
  const out: string[] = [];
  for (const ch of text) {
    if (out.length && JOINS_PREVIOUS.test(ch)) out[out.length - 1] += ch;
    else out.push(ch);
  }
  return out;
}

/** Words and the spaces or punctuation between them, in order (they join back into `text`). */
function wordSegments(text: string): string[] {
  if (Segmenter) {
    worder ??= new Segmenter(undefined, { granularity: 'word' });
    return Array.from(worder.segment(text), (s) => s.segment);
  }
  return text.match(/[\p{L}\p{M}\p{N}_'’-]+|[^\p{L}\p{M}\p{N}_'’-]+/gu) ?? [];
}

/** What a cut may end with and still read as a cut word list: not a dangling space, comma or dash. */
const TRAILING_SEPARATORS = /[\s,،;؛:\-–—/|]+$/u;

/**
 * `text` cut for a narrow place: unchanged when it has at most `max` characters (graphemes), else at most
 * `keep` of them (default max - 1, the spec's "first 19 plus an ellipsis") followed by an ellipsis. The cut
 * falls between words, so a name is never split ("محمد اسلم…", not "محمد اس…"); a first word longer than
 * `keep` is cut between its characters, never inside one.
 */
export function cutText(text: string | null | undefined, max: number, keep = max - 1): string {
  const t = (text ?? '').trim();
  const chars = graphemes(t);
  if (chars.length <= max) return t;
  let head = '';
  let count = 0;
  for (const seg of wordSegments(t)) {
    const n = graphemes(seg).length;
    if (count + n > keep) break;
    head += seg;
    count += n;
  }
  head = head.replace(TRAILING_SEPARATORS, '');
  if (!head) head = chars.slice(0, keep).join('');
  return `${head}${ELLIPSIS}`;
}
