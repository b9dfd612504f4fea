/**
 * Which "xml" attachments are data and not a web page (issue 9). A browser that opens an XML file renders
 * elements in the XHTML, SVG or MathML namespaces as a page, runs their scripts, and applies an
 * <?xml-stylesheet?> (XSLT can write a page too). So an XML file is accepted only when it parses as XML
 * (well-formed, no DTD that could define entities expanding to markup) and declares none of those namespaces,
 * no script element and no stylesheet. A linear scan, no recursion: any file size, any nesting.
 */

export const XML_ACTIVE_CONTENT_MESSAGE =
  'XML files may not contain HTML, SVG, scripts or stylesheets: save the document as PDF and upload that.';
export const XML_INVALID_MESSAGE = 'The XML file is damaged: it does not parse as XML.';
export const XML_ENCODING_MESSAGE = 'XML files must be saved as UTF-8.';

/** Namespaces whose elements a browser renders or runs (XHTML, SVG, MathML, XSLT, XLink, XML Events, XUL). */
const ACTIVE_NAMESPACES = [
  'w3.org/1999/xhtml',
  'w3.org/2000/svg',
  'w3.org/1998/math/mathml',
  'w3.org/1999/xsl/transform',
  'w3.org/1999/xlink',
  'w3.org/2001/xml-events',
  'mozilla.org/keymaster/gatekeeper',
];
/** Root elements that are a page whatever namespace they are in. */
const PAGE_ROOTS = new Set(['html', 'svg', 'math', 'xsl:stylesheet', 'xsl:transform']);
/** Encodings whose markup bytes are ASCII, so the scan below sees what a browser sees. */
const SAFE_ENCODINGS = new Set([
  'utf-8',
  'utf8',
  'us-ascii',
  'ascii',
  'iso-8859-1',
  'latin1',
  'windows-1252',
]);
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

class Refused extends Error {}
const invalid = (): never => {
  throw new Refused(XML_INVALID_MESSAGE);
};
const active = (): never => {
  throw new Refused(XML_ACTIVE_CONTENT_MESSAGE);
};

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
/** Characters that end a name; anything else (letters of any script, digits, '-', '.', ':') may be in one. */
const endsName = (c: number) =>
  isSpace(c) ||
  c === 0x2f ||
  c === 0x3e ||
  c === 0x3d ||
  c === 0x3c ||
  c === 0x3f ||
  c === 0x22 ||
  c === 0x27;

/** Replaces character and predefined entity references; any other reference is an error (no DTD defines one). */
function decodeText(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&([^;&]{0,12});|&/g, (m, ref: string | undefined) => {
    if (ref === undefined) return invalid();
    if (ref in PREDEFINED) return PREDEFINED[ref]!;
    const n = /^#x[0-9a-fA-F]{1,6}$/.test(ref)
      ? parseInt(ref.slice(2), 16)
      : /^#[0-9]{1,7}$/.test(ref)
        ? parseInt(ref.slice(1), 10)
        : NaN;
    if (
      !(n >= 0x20 || n === 0x09 || n === 0x0a || n === 0x0d) ||
      n > 0x10ffff ||
      (n >= 0xd800 && n <= 0xdfff)
    )
      return invalid();
    return String.fromCodePoint(n);
  });
}

const isActiveNamespace = (uri: string) => {
  const u = uri.trim().toLowerCase();
  return ACTIVE_NAMESPACES.some((ns) => u.includes(ns));
};

/** The text of the bytes as a browser would decode them, or a refusal. */
function decode(bytes: Uint8Array): string {
  let body = bytes;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  else if ((body[0] === 0xfe && body[1] === 0xff) || (body[0] === 0xff && body[1] === 0xfe))
    throw new Refused(XML_ENCODING_MESSAGE);
  const head = String.fromCharCode(...body.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared !== undefined && !SAFE_ENCODINGS.has(declared)) throw new Refused(XML_ENCODING_MESSAGE);
  if (declared && declared !== 'utf-8' && declared !== 'utf8') return new TextDecoder('latin1').decode(body);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new Refused(XML_ENCODING_MESSAGE);
  }
}

/** Scans the document; throws Refused at the first thing that is not safe, well-formed XML. */
function scan(s: string): void {
  const n = s.length;
  const open: string[] = [];
  let i = 0;
  let rootSeen = false;
  const expect = (text: string) => {
    if (!s.startsWith(text, i)) invalid();
    i += text.length;
  };
  const until = (end: string) => {
    const at = s.indexOf(end, i);
    if (at < 0) invalid();
    const body = s.slice(i, at);
    i = at + end.length;
    return body;
  };
  const skipSpace = () => {
    while (i < n && isSpace(s.charCodeAt(i))) i++;
  };
  const name = () => {
    const start = i;
    while (i < n && !endsName(s.charCodeAt(i))) i++;
    // A name starts with a letter, '_' or ':' (not a digit, '-', '.' or the '!' of an unknown declaration).
    if (i === start || /^[\d.!-]/.test(s[start]!)) invalid();
    return s.slice(start, i);
  };

  // The declaration belongs at the very start; whitespace before it changes nothing a browser runs.
  skipSpace();
  if (s.startsWith('<?xml', i) && (isSpace(s.charCodeAt(i + 5)) || s.charCodeAt(i + 5) === 0x3f)) until('?>');
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c !== 0x3c) {
      // Text: only whitespace outside the root element.
      const at = s.indexOf('<', i);
      const text = s.slice(i, at < 0 ? n : at);
      if (!open.length && text.trim()) invalid();
      if (text.includes(']]>')) invalid();
      decodeText(text);
      i = at < 0 ? n : at;
      continue;
    }
    if (s.startsWith('<!--', i)) {
      i += 4;
      until('-->');
    } else if (s.startsWith('<![CDATA[', i)) {
      if (!open.length) invalid();
      i += 9;
      until(']]>');
    } else if (s.startsWith('<!DOCTYPE', i)) {
      if (rootSeen) invalid();
      const decl = until('>');
      // An internal subset can define entities that expand to script; an external one a browser never loads.
      if (decl.includes('[')) active();
      if (/^\s*(html|svg)\b/i.test(decl.slice(9))) active();
    } else if (s.startsWith('<?', i)) {
      i += 2;
      const target = name();
      if (target.toLowerCase() === 'xml-stylesheet') active();
      if (target.toLowerCase() === 'xml') invalid();
      until('?>');
    } else if (s.startsWith('</', i)) {
      i += 2;
      const closing = name();
      skipSpace();
      expect('>');
      if (open.pop() !== closing) invalid();
    } else {
      i += 1;
      const tag = name();
      if (!open.length) {
        if (rootSeen) invalid();
        rootSeen = true;
        if (PAGE_ROOTS.has(tag.toLowerCase())) active();
      }
      const local = tag.slice(tag.indexOf(':') + 1).toLowerCase();
      if (local === 'script') active();
      const attributes = new Set<string>();
      for (;;) {
        const before = i;
        skipSpace();
        if (s.startsWith('/>', i)) {
          i += 2;
          break;
        }
        if (s.charCodeAt(i) === 0x3e) {
          i += 1;
          open.push(tag);
          break;
        }
        if (i === before) invalid();
        const attr = name();
        if (attributes.has(attr)) invalid();
        attributes.add(attr);
        skipSpace();
        expect('=');
        skipSpace();
        const quote = s[i];
        if (quote !== '"' && quote !== "'") invalid();
        i += 1;
        const raw = until(quote!);
        if (raw.includes('<')) invalid();
        const value = decodeText(raw);
        if ((attr === 'xmlns' || attr.startsWith('xmlns:')) && isActiveNamespace(value)) active();
      }
    }
  }
  if (!rootSeen || open.length) invalid();
}

/** Null when the bytes are safe, well-formed XML; else the message that says why the file is refused. */
export function xmlRefusal(bytes: Uint8Array): string | null {
  try {
    scan(decode(bytes));
    return null;
  } catch (e) {
    if (e instanceof Refused) return e.message;
    throw e;
  }
}

/** Bytes that start like markup (after a BOM and whitespace): the files judged by xmlRefusal. */
export function looksLikeMarkup(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) return true;
  while (at < bytes.length && isSpace(bytes[at]!)) at++;
  return bytes[at] === 0x3c;
}
