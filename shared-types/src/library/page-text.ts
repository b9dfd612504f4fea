/**
 * The pure text helpers of published pages that the device and the server share: the public slug, the plain
 * text of HTML and the spec's 80-character cut. Apart from page-kinds.ts, which the app's route table loads
 * at start, so these load with the library's screens.
 */

import { cutText } from '../common/text-cut.ts';

const slugPart = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');

/**
 * A page's public address segment: its title at creation and the tail of its id (UUIDv7's random bits), so a
 * phone offline and the server make the same one and two firms' pages never share it.
 */
export const slugFor = (title: string, id: string): string => {
  const tail = id
    .replace(/[^0-9a-z]/gi, '')
    .slice(-12)
    .toLowerCase();
  const head = slugPart(title);
  return head ? `${head}-${tail}` : tail;
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The words of (sanitised) HTML, for search and excerpts: tags dropped, blocks split, entities decoded. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|div|h[1-6]|li|tr|td|th|br|table|ul|ol|blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : ' ';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The spec's cut: 80 characters, 79 plus an ellipsis when longer (card excerpts, legal provisions). */
export const cut80 = (s: string | null | undefined): string => cutText(s, 80);
