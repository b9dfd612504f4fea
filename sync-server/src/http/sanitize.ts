import sanitizeHtml from 'sanitize-html';
import { plainText } from '@lawfirm/shared-types/library/pages.ts';
import {
  PAGE_HTML_ALIGN,
  PAGE_HTML_ATTRIBUTES,
  PAGE_HTML_TAGS,
  PAGE_LINK_SCHEMES,
  PAGE_LINK_TARGET,
} from '@lawfirm/shared-types/library/html-allow-list.ts';

/** sanitize-html options from the shared allow-list (`html-allow-list.ts`, which the device's cleaner reads too). */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: PAGE_HTML_TAGS,
  allowedAttributes: PAGE_HTML_ATTRIBUTES,
  allowedStyles: { '*': { 'text-align': [PAGE_HTML_ALIGN] } },
  allowedSchemes: PAGE_LINK_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // target and rel come from this transform, which runs before the attribute filter.
  transformTags: { a: sanitizeHtml.simpleTransform('a', PAGE_LINK_TARGET) },
};

/** A page's stored HTML, cleaned with the allow-list (also what an old database held is cleaned on the way out). */
export const sanitizePageHtml = (html: string | null | undefined): string =>
  html ? sanitizeHtml(html, OPTIONS) : '';

/** The stored content and the plain text derived from it, for search and excerpts. */
export function cleanContent(html: string | null | undefined): { content: string; plain_content: string } {
  const content = sanitizePageHtml(html);
  return { content, plain_content: plainText(content) };
}
