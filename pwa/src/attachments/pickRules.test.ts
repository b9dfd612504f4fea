import { describe, expect, it } from 'vitest';
import { MSG_RECEIPT_TYPES, RECEIPT_OWNER } from '@lawfirm/shared-types';
import { PDF_PAGE_TREE_MESSAGE } from '@lawfirm/shared-types/attachments/limits.ts';
import { makePageTreeBomb, makeSmallPdf } from '@lawfirm/shared-types/pdf/testing/fixtures.ts';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { documentRules, ownerRules } from './pickRules.ts';
import { ACCEPTED_TYPES_MESSAGE } from './sniff.ts';

/** A case document's rules: the petition index's declared files (every case document declares the same). */
const DOCUMENT_RULES = documentRules('PetitionIndex');
const png = () => makePng(2, 2, () => [200, 10, 10, 255], { alpha: true });
const file = (bytes: Uint8Array, name: string, type = '') => new File([bytes.slice()], name, { type });

describe('the one picker: what a case document may be', () => {
  it('keeps accepted files typed by their bytes, and names a camera photo by its kind', async () => {
    const { files, refused } = await DOCUMENT_RULES.check([
      file(png(), 'scan.png', 'application/octet-stream'),
      file(png(), ''),
      file(await makeSmallPdf(2), 'order.pdf'),
    ]);
    expect(refused).toEqual([]);
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ['scan.png', 'image/png'],
      ['photo.png', 'image/png'],
      ['order.pdf', 'application/pdf'],
    ]);
  });

  it("refuses each file with its rule's message and names the files, a PDF's pages counted", async () => {
    const text = new TextEncoder().encode('not a document');
    const { files, refused } = await DOCUMENT_RULES.check([
      file(text, 'notes.txt'),
      file(png(), 'photo.pdf'),
      file(makePageTreeBomb(5), 'bomb.pdf'),
      file(png(), 'ok.png'),
    ]);
    expect(files.map((f) => f.name)).toEqual(['ok.png']);
    expect(refused).toEqual([
      { message: ACCEPTED_TYPES_MESSAGE, names: ['notes.txt', 'photo.pdf'] },
      { message: PDF_PAGE_TREE_MESSAGE, names: ['bomb.pdf'] },
    ]);
  });
});

describe("the one picker: a declared owner's files", () => {
  it("keeps the kinds the owner declares and says the owner's message for the rest", async () => {
    const rules = ownerRules(RECEIPT_OWNER);
    expect(rules.accept).toContain('.pdf');
    const { files, refused } = await rules.check([
      file(png(), 'receipt.png'),
      file(new TextEncoder().encode('<?xml version="1.0"?><a/>'), 'data.xml'),
    ]);
    expect(files.map((f) => [f.name, f.type])).toEqual([['receipt.png', 'image/png']]);
    expect(refused).toEqual([{ message: MSG_RECEIPT_TYPES, names: [] }]);
  });

  it('refuses to build a picker for a kind no entity declares', () => {
    expect(() => ownerRules('Nobody')).toThrow('no entity owns files of the kind Nobody');
  });
});
