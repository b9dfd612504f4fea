import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** The tags and attributes a library page may show (the server's allow-list: sync-server/src/library/sanitize.ts). */
const ALLOWED_TAGS = [
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
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'start', 'colspan', 'rowspan', 'span'];

let hooked = false;
/** Links open in a new tab without the opener, and only http(s), mail and phone addresses stay links. */
function hookLinks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!/^(https?:|mailto:|tel:)/i.test(href)) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
}

/** HTML cleaned again on the device before it is shown: the server cleaned it, but a page never trusts it. */
export function cleanHtml(html: string | null | undefined): string {
  hookLinks();
  return DOMPurify.sanitize(html ?? '', { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => cleanHtml(html), [html]);
  return <div className={className ?? 'page-content'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
