import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import {
  PAGE_HTML_ALIGN,
  PAGE_HTML_ATTRIBUTES,
  PAGE_HTML_TAGS,
  PAGE_LINK_SCHEMES,
  PAGE_LINK_TARGET,
} from '@lawfirm/shared-types/library/html-allow-list.ts';

const ALLOWED_ATTR = [...new Set(Object.values(PAGE_HTML_ATTRIBUTES).flat())];
const SCHEME = new RegExp(`^(${PAGE_LINK_SCHEMES.join('|')}):`, 'i');

let hooked = false;
/** Links open in a new tab without the opener, and only http(s), mail and phone addresses stay links. */
function hookLinks(): void {
  if (hooked) return;
  hooked = true;
  // The server's allow-list, attribute by tag, and of styles only the alignment.
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    if (!(PAGE_HTML_ATTRIBUTES[tag] ?? []).includes(data.attrName)) data.keepAttr = false;
    else if (data.attrName === 'style') {
      const m = /^\s*text-align\s*:\s*([a-z]+)\s*;?\s*$/i.exec(data.attrValue);
      if (m && PAGE_HTML_ALIGN.test(m[1]!.toLowerCase()))
        data.attrValue = `text-align: ${m[1]!.toLowerCase()}`;
      else data.keepAttr = false;
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SCHEME.test(href)) node.removeAttribute('href');
    node.setAttribute('target', PAGE_LINK_TARGET.target);
    node.setAttribute('rel', PAGE_LINK_TARGET.rel);
  });
}

/** HTML cleaned again on the device before it is shown: the server cleaned it, but a page never trusts it. */
export function cleanHtml(html: string | null | undefined): string {
  hookLinks();
  return DOMPurify.sanitize(html ?? '', {
    ALLOWED_TAGS: PAGE_HTML_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
  });
}

export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => cleanHtml(html), [html]);
  return <div className={className ?? 'page-content'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
