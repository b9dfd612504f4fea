import { describe, expect, it } from 'vitest';
import { buildCaseFilePdf, type TPdfDocumentEntry } from '../pdf/index.ts';
import { caseHeader, makeSmallPdf } from '../pdf/testing/fixtures.ts';
import { memoryHost } from '../pdf/testing/host.ts';
import { makePng } from '../pdf/testing/images.ts';
import { readPdf } from '../pdf/testing/read-pdf.ts';

const entry = (description: string, over: Partial<TPdfDocumentEntry> = {}): TPdfDocumentEntry => ({
  description,
  date: null,
  annexure: null,
  page_info: null,
  attachments: [],
  ...over,
});

describe('case file PDF with the standard index lists', () => {
  it('prints each non-empty list after the index: its table on a new page, then its files, in the given order', async () => {
    const host = memoryHost();
    const png = makePng(40, 30, () => [20, 120, 40]);
    const progress: [number, number][] = [];
    const bytes = await buildCaseFilePdf({
      siteName: null,
      caseFile: caseHeader(),
      index: [entry('Writ petition', { attachments: [host.add('writ.png', 'image/png', png)] })],
      sections: [
        { title: 'Oral Arguments', entries: [] },
        {
          title: 'Case Laws',
          entries: [
            entry('PLD 2020 SC 1', { date: '2020-03-05', page_info: '4' }),
            entry('2022 SCMR 10', {
              attachments: [host.add('judgment.pdf', 'application/pdf', await makeSmallPdf(2))],
            }),
          ],
        },
        {
          title: 'Judgements',
          entries: [
            entry('Lahore High Court order', { attachments: [host.add('order.png', 'image/png', png)] }),
          ],
        },
      ],
      loadBytes: host.loadBytes,
      onProgress: (done, total) => progress.push([done, total]),
    });
    const read = await readPdf(bytes);
    // cover, index, writ photo, CASE LAWS table, 2 judgment pages, JUDGEMENTS table, order photo
    expect(read.pages).toBe(8);
    expect(read.text[1]).toContain('INDEX');
    // The index's page column counts only its own documents' pages.
    expect(read.text[1]).toMatch(/Writ petition 3/);
    expect(read.text[3]).toContain('CASE LAWS');
    expect(read.text[3]).toMatch(/1 PLD 2020 SC 1 05\/03\/2020 4/);
    expect(read.text[3]).toMatch(/2 2022 SCMR 10/);
    expect(read.text[4]).toContain('Attached page 1');
    expect(read.text[5]).toContain('Attached page 2');
    expect(read.text[6]).toContain('JUDGEMENTS');
    expect(read.text[6]).toContain('Lahore High Court order');
    expect(read.text.join(' ')).not.toContain('ORAL ARGUMENTS');
    expect(read.text[7]).toContain('8 / 8');
    expect(progress.at(-1)).toEqual([3, 3]);
  });
});
