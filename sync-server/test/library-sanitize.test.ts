import { describe, expect, it } from 'vitest';
import { plainText } from '@lawfirm/shared-types/library/pages.ts';
import { cleanContent, sanitizePageHtml } from '../src/http/sanitize.ts';

/** Markup that tries to run script or load something, each as an editor, a paste or an old database may hold it. */
const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background:url(javascript:alert(1))">s</p>',
  '<p style="behavior:url(x.htc);-moz-binding:url(x)">s</p>',
  '<div style="width:expression(alert(1))">e</div>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=p><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<link rel=stylesheet href=https://evil.example/x.css>',
  '<table><tr><td background="javascript:alert(1)">t</td></tr></table>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<p><b><i><u>nested <a href="https://ok.pk" onmouseover="alert(1)">ok</a></u></i></b>',
  '<div><p>unclosed <table><tr><td>cell<script>alert(1)',
  '<!--<script>alert(1)</script>--><p>after</p>',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<a href="https://ok.pk" target="_self" rel="opener">link</a>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<p>x</p><img src="data:image/svg+xml,<svg onload=alert(1)>">',
];

/** What would run or load in a browser if it survived. */
const EXECUTABLE =
  /<\s*(script|style|svg|math|iframe|object|embed|form|input|button|meta|base|link|img|video|source|template|details|noscript)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:|expression\(|url\(|behavior|binding/i;

describe('library page sanitiser', () => {
  it.each(CORPUS)('leaves nothing executable of %s', (html) => {
    const out = sanitizePageHtml(html);
    expect(out).not.toMatch(EXECUTABLE);
    // Cleaning the output again changes nothing: what is stored is already in its final form.
    expect(sanitizePageHtml(out)).toBe(out);
  });

  it('keeps what the editor writes: headings, lists, marks, tables and safe links opened apart', () => {
    const html =
      '<h2>Bail</h2><p style="text-align:center"><strong>b</strong> <em>i</em> <u>u</u></p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol>' +
      '<table><tbody><tr><th colspan="2">Head</th></tr><tr><td>a</td><td>b</td></tr></tbody></table>' +
      '<p><a href="https://www.supremecourt.gov.pk/judgments">SC</a></p>';
    const out = sanitizePageHtml(html);
    for (const kept of [
      '<h2>Bail</h2>',
      '<p style="text-align:center">',
      '<strong>b</strong>',
      '<u>u</u>',
      '<ol start="3">',
      '<th colspan="2">Head</th>',
      '<td>a</td>',
    ])
      expect(out).toContain(kept);
    expect(out).toContain(
      '<a href="https://www.supremecourt.gov.pk/judgments" target="_blank" rel="noopener noreferrer nofollow">SC</a>',
    );
  });

  it('keeps pasted Word content readable: its text and structure, without its styles and namespaces', () => {
    const word =
      '<p class=MsoNormal style="margin:0in;font-family:Calibri"><o:p></o:p><b><span lang=EN-US style="mso-bidi-font-size:11.0pt">Section 497</span></b> Cr.P.C.</p>' +
      '<table class=MsoTableGrid border=1><tr><td width=100 valign=top><p class=MsoNormal>Cell</p></td></tr></table>';
    const out = sanitizePageHtml(word);
    expect(out).toContain('<b><span>Section 497</span></b> Cr.P.C.');
    expect(out).toContain('<td><p>Cell</p></td>');
    expect(out).not.toMatch(/mso|class=|font-family/);
  });

  it('derives plain text for search and excerpts', () => {
    const { plain_content } = cleanContent(
      '<h2>Bail&nbsp;after&amp;arrest</h2><p>Section <b>497</b></p><script>secret()</script><table><tr><td>x</td><td>y</td></tr></table>',
    );
    expect(plain_content).toBe('Bail after&arrest Section 497 x y');
    expect(plainText('caf&#233; &#x263A;')).toBe('café ☺');
  });
});
