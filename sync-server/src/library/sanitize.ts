import sanitizeHtml from 'sanitize-html';
import { plainText } from '@lawfirm/shared-types/library/pages.ts';

const ALIGN = [/^(left|right|center|justify)$/];

/**
 * The allow-list of a library page's HTML: the editor's headings, lists, marks, links and tables, and what a
 * pasted Word document keeps readable. Nothing that runs or loads: no script, style, SVG, forms, frames,
 * images, event handlers or `javascript:`/`data:` addresses; styles only for alignment.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'a',
    'blockquote',
    'hr',
    'span',
    'div',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    // target and rel come from the transform below, which runs before this filter.
    a: ['href', 'title', 'target', 'rel'],
    ol: ['start'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    col: ['span'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  allowedStyles: { '*': { 'text-align': ALIGN } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the page in a new tab and never hand it the opener.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** A page's stored HTML, cleaned with the allow-list (also what an old database held is cleaned on the way out). */
export const sanitizePageHtml = (html: string | null | undefined): string =>
  html ? sanitizeHtml(html, OPTIONS) : '';

/** The stored content and the plain text derived from it, for search and excerpts. */
export function cleanContent(html: string | null | undefined): { content: string; plain_content: string } {
  const content = sanitizePageHtml(html);
  return { content, plain_content: plainText(content) };
}
