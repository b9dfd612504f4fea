import { describe, expect, it } from 'vitest';
import { makePng } from '../pdf/testing/images.ts';
import { topJpeg } from '../pdf/testing/jpeg.ts';
import { IMAGE_TOO_LARGE_MESSAGE, imageInfo, imageLimitMessage } from './limits.ts';
import { ACCEPTED_TYPES_MESSAGE, checkDocumentBytes, sniffKind, zipEntries } from './sniff.ts';
import { XML_ACTIVE_CONTENT_MESSAGE, XML_ENCODING_MESSAGE, XML_INVALID_MESSAGE, xmlRefusal } from './xml.ts';

const text = (s: string) => new TextEncoder().encode(s);

describe('XML attachments', () => {
  it.each([
    [
      'a declaration and data',
      '<?xml version="1.0" encoding="UTF-8"?>\n<fir no="12"><ps>Model Town</ps></fir>',
    ],
    [
      'a BOM, whitespace, comments and CDATA',
      '\uFEFF  <?xml version="1.0"?><!-- x --><a><![CDATA[<script>]]></a>',
    ],
    ['Urdu text and character references', '<case title="مقدمہ &amp; دیگر">&#1605;&#x645; &lt;ok&gt;</case>'],
    ['a namespace of its own', '<j:judgment xmlns:j="urn:court:lhc"><j:para/></j:judgment>'],
    ['an external DTD', '<!DOCTYPE fir SYSTEM "fir.dtd"><fir/>'],
    ['a Latin-1 declaration', '<?xml version="1.0" encoding="ISO-8859-1"?><a>caf\u00e9</a>'],
  ])('accepts %s', (_, xml) => {
    expect(xmlRefusal(text(xml))).toBeNull();
  });

  it.each([
    [
      'XHTML with a script',
      '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(1)</script></body></html>',
    ],
    ['an HTML page that is not XML', '<!DOCTYPE html><html><body><p>unclosed<script>alert(1)</script>'],
    ['SVG with a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['SVG without a script', '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'],
    [
      'an XHTML element inside data',
      '<data xmlns:h="http://www.w3.org/1999/xhtml"><h:img src="x" onerror="alert(1)"/></data>',
    ],
    [
      'a namespace written with character references',
      '<a xmlns="http://www.w3.org/1999/&#x78;html"><b/></a>',
    ],
    ['a namespace in single quotes, upper case', "<a><b xmlns='HTTP://WWW.W3.ORG/2000/SVG'/></a>"],
    ['a script element in no namespace', '<data><x:script xmlns:x="urn:x">alert(1)</x:script></data>'],
    ['a stylesheet', '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="data:,x"?><a/>'],
    [
      'an entity that would expand to markup',
      '<!DOCTYPE a [<!ENTITY e "<script>alert(1)</script>">]><a>&e;</a>',
    ],
    ['MathML', '<math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>'],
  ])('refuses %s as active content', (_, xml) => {
    expect(xmlRefusal(text(xml))).toBe(XML_ACTIVE_CONTENT_MESSAGE);
  });

  it.each([
    ['mismatched tags', '<a><b></a></b>'],
    ['text outside the root', '<a/>trailing'],
    ['two roots', '<a/><b/>'],
    ['an undefined entity', '<a>&nbsp;</a>'],
    ['an unclosed root', '<a><b/>'],
    ['a repeated attribute', '<a x="1" x="2"/>'],
    ['an unquoted attribute', '<a x=1/>'],
    ['an unknown declaration', '<!ELEMENT a ANY>'],
    ['a name starting with a digit', '<1a/>'],
  ])('refuses %s as damaged', (_, xml) => {
    expect(xmlRefusal(text(xml))).toBe(XML_INVALID_MESSAGE);
  });

  it('refuses encodings whose bytes could hide markup from the check', () => {
    expect(xmlRefusal(new Uint8Array([0xff, 0xfe, 0x3c, 0, 0x61, 0, 0x2f, 0, 0x3e, 0]))).toBe(
      XML_ENCODING_MESSAGE,
    );
    expect(xmlRefusal(text('<?xml version="1.0" encoding="ISO-2022-JP"?><a/>'))).toBe(XML_ENCODING_MESSAGE);
    expect(xmlRefusal(new Uint8Array([0x3c, 0x61, 0x3e, 0xc3, 0x28, 0x3c, 0x2f, 0x61, 0x3e]))).toBe(
      XML_ENCODING_MESSAGE,
    );
  });

  it('scans deep nesting without recursion', () => {
    const depth = 200_000;
    expect(xmlRefusal(text('<a>'.repeat(depth) + '</a>'.repeat(depth)))).toBeNull();
  });

  it('gives the reason through the shared upload check', () => {
    expect(checkDocumentBytes(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      ok: false,
      kind: 'xml',
      message: XML_ACTIVE_CONTENT_MESSAGE,
    });
    expect(checkDocumentBytes(text('<fir/>'))).toEqual({ ok: true, kind: 'xml', mime: 'application/xml' });
    expect(checkDocumentBytes(text('plain words'))).toEqual({
      ok: false,
      kind: null,
      message: ACCEPTED_TYPES_MESSAGE,
    });
  });
});

/** A PNG header (signature and IHDR) claiming a size, as a crafted file would. */
function pngHeader(width: number, height: number, color: number): Uint8Array {
  const b = makePng(1, 1, () => [0, 0, 0, 0], { alpha: color === 6 });
  const v = new DataView(b.buffer);
  v.setUint32(16, width);
  v.setUint32(20, height);
  b[25] = color;
  return b;
}

/** The test JPEG with its frame header rewritten to claim another size. */
function jpegClaiming(width: number, height: number): Uint8Array {
  const b = topJpeg();
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let at = 2; at + 4 <= b.length; at += 2 + v.getUint16(at + 2))
    if (v.getUint16(at) === 0xffc0) {
      v.setUint16(at + 5, height);
      v.setUint16(at + 7, width);
      return b;
    }
  throw new Error('no frame header');
}

describe('image limits', () => {
  it('reads the size of PNGs and JPEGs, and whether a PNG must be decoded', () => {
    expect(imageInfo(makePng(30, 20, () => [1, 2, 3]))).toEqual({
      kind: 'png',
      width: 30,
      height: 20,
      decodes: false,
    });
    expect(imageInfo(makePng(3, 2, () => [1, 2, 3, 4], { alpha: true }))).toMatchObject({ decodes: true });
    expect(imageInfo(topJpeg())).toEqual({ kind: 'jpeg', width: 160, height: 100, decodes: false });
    expect(imageInfo(text('%PDF-1.4'))).toBeNull();
  });

  it('refuses a 10000×10000 transparent PNG and a 54-megapixel JPEG, keeps a 48-megapixel photo', () => {
    expect(imageLimitMessage(imageInfo(pngHeader(10_000, 10_000, 6))!)).toBe(IMAGE_TOO_LARGE_MESSAGE);
    // 25 megapixels is fine for a photo, but decodes to 100 MB with transparency.
    expect(imageLimitMessage(imageInfo(pngHeader(5000, 5000, 2))!)).toBeNull();
    expect(imageLimitMessage(imageInfo(pngHeader(5000, 5000, 6))!)).toBe(IMAGE_TOO_LARGE_MESSAGE);
    expect(imageLimitMessage(imageInfo(jpegClaiming(9000, 6000))!)).toBe(IMAGE_TOO_LARGE_MESSAGE);
    expect(imageLimitMessage(imageInfo(jpegClaiming(8000, 6000))!)).toBeNull();
    expect(checkDocumentBytes(pngHeader(10_000, 10_000, 6))).toMatchObject({
      ok: false,
      kind: 'png',
      message: IMAGE_TOO_LARGE_MESSAGE,
    });
  });
});

describe('zip directories', () => {
  /** A one-entry zip whose central directory says its entry's local header is at `offset`. */
  function zipPointingAt(offset: number): Uint8Array {
    const name = text('[Content_Types].xml');
    const b = new Uint8Array(30 + name.length + 46 + name.length + 22);
    const v = new DataView(b.buffer);
    v.setUint32(0, 0x04034b50, true);
    v.setUint16(26, name.length, true);
    b.set(name, 30);
    const cd = 30 + name.length;
    v.setUint32(cd, 0x02014b50, true);
    v.setUint16(cd + 28, name.length, true);
    v.setUint32(cd + 42, offset, true);
    b.set(name, cd + 46);
    const end = cd + 46 + name.length;
    v.setUint32(end, 0x06054b50, true);
    v.setUint16(end + 8, 1, true);
    v.setUint16(end + 10, 1, true);
    v.setUint32(end + 16, cd, true);
    return b;
  }

  it('treats a directory that points past the end as a damaged file, not a crash', () => {
    expect(zipEntries(zipPointingAt(0))).toHaveLength(1);
    expect(zipEntries(zipPointingAt(0x7fff_0000))).toBeNull();
    expect(sniffKind(zipPointingAt(0x7fff_0000), () => true)).toBeNull();
    expect(checkDocumentBytes(zipPointingAt(0x7fff_0000))).toMatchObject({
      ok: false,
      message: ACCEPTED_TYPES_MESSAGE,
    });
  });
});
