import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_OWNERS,
  ENTITY_DECLS,
  fileOwners,
  fileTooLargeMessage,
  tooManyFilesMessage,
} from '@lawfirm/shared-types';
import { makeSmallPdf } from '@lawfirm/shared-types/pdf/testing/fixtures.ts';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { declaredDocumentRules, documentRules } from '../attachments/pickRules.ts';
import { ACCEPT_ATTRIBUTE } from '../attachments/sniff.ts';

const png = () => makePng(2, 2, () => [200, 10, 10, 255], { alpha: true });
const file = (bytes: Uint8Array, name: string) => new File([bytes.slice()], name);

/**
 * The case documents' uploader (UploadPanel) takes its rules from the owner kind's declaration (its entity's
 * `files`), the same declaration the server holds: a declaration that allows less is refused on the device
 * with the same words the server uses.
 */
describe("a case document's picker: the owner's declared files", () => {
  it('builds the rules of every case document kind from its declaration', async () => {
    for (const type of ATTACHMENT_OWNERS) {
      const rules = documentRules(type);
      // Every case document takes any document kind: the phone offers its camera and gallery.
      expect(rules.accept, type).toBe(ACCEPT_ATTRIBUTE);
      const { files, refused } = await rules.check([
        file(png(), 'scan.png'),
        file(await makeSmallPdf(1), 'a.pdf'),
      ]);
      expect(refused, type).toEqual([]);
      expect(files.map((f) => f.type)).toEqual(['image/png', 'application/pdf']);
    }
  });

  it('refuses a kind, a size and a number the declaration does not allow, in its words', async () => {
    const declared = fileOwners(ENTITY_DECLS).find((o) => o.type === 'PetitionIndex')!;
    const pdfOnly = { ...declared, kinds: ['pdf'] as const, kindsMessage: 'Only PDF files here.' };
    const kinds = await declaredDocumentRules(pdfOnly).check([
      file(png(), 'scan.png'),
      file(await makeSmallPdf(1), 'order.pdf'),
    ]);
    expect(kinds.files.map((f) => f.name)).toEqual(['order.pdf']);
    expect(kinds.refused).toEqual([{ message: 'Only PDF files here.', names: ['scan.png'] }]);
    expect(declaredDocumentRules(pdfOnly).accept).toBe('application/pdf,.pdf');

    const small = png();
    const tiny = { ...declared, maxBytes: small.length - 1 };
    const size = await declaredDocumentRules(tiny).check([file(small, 'big.png')]);
    expect(size).toEqual({
      files: [],
      refused: [{ message: fileTooLargeMessage(small.length - 1), names: ['big.png'] }],
    });

    const two = { ...declared, max: 2 };
    const many = await declaredDocumentRules(two).check(['a', 'b', 'c'].map((n) => file(png(), `${n}.png`)));
    expect(many.files.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(many.refused).toEqual([{ message: tooManyFilesMessage(2), names: ['c.png'] }]);
  });
});
