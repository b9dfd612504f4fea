/**
 * The one allow-list of a library page's HTML, read by the server's cleaner (sanitize-html, on every write) and
 * the device's (DOMPurify, before showing): the editor's headings, lists, marks, links and tables, and what a
 * pasted Word document keeps readable. Nothing that runs or loads: no script, style element, SVG, forms,
 * frames, images, event handlers or `javascript:`/`data:` addresses; inline styles only for alignment.
 */
export const PAGE_HTML_TAGS = [
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
];

/** The attributes each tag keeps (`target` and `rel` of links are set by the cleaners, never taken as given). */
export const PAGE_HTML_ATTRIBUTES: Record<string, string[]> = {
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
};

/** The only inline style kept: text alignment. */
export const PAGE_HTML_ALIGN = /^(left|right|center|justify)$/;

/** Link addresses that stay links. */
export const PAGE_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** What every kept link carries: a new tab that never gets the opener. */
export const PAGE_LINK_TARGET = { target: '_blank', rel: 'noopener noreferrer nofollow' };
