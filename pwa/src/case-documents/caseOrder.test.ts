import { describe, expect, it } from 'vitest';
import { DATED_MODULES } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { inCaseOrder } from '@lawfirm/shared-types/case-documents/dated.pdf.ts';
import {
  STANDARD_INDEX_MODULES,
  standardIndexPath,
} from '@lawfirm/shared-types/case-documents/standard-index.ts';
import { OTHER_TABS, PETITION_TABS } from '../case-files/page/PetitionTabs.tsx';
import { datedIndexPath } from './dated/dated.logic.ts';

/**
 * The whole case-file PDF prints each module's items "in the case's order" (issue 12 item 5): the order of the
 * petition page's tabs and Others menu. The server and the device both order the sections with inCaseOrder;
 * this holds that order to the tabs: a tab moved without the PDF's order (or the other way round) fails here.
 */
describe("the case-file PDF's sections follow the case's tabs", () => {
  const P = 'p1';
  const modules: { title: string; path: string }[] = [
    ...DATED_MODULES.map((m) => ({ title: m.plural, path: datedIndexPath(m, P) })),
    ...STANDARD_INDEX_MODULES.map((m) => ({ title: m.title, path: standardIndexPath(P, m.module_type) })),
  ];

  it('orders every module as its tab comes, the standard index lists among the dated modules', () => {
    const tabOrder = [...PETITION_TABS, ...OTHER_TABS]
      .map((t) => modules.find((m) => m.path === t.path(P))?.title)
      .filter((t) => t !== undefined);
    // Every module has a tab…
    expect([...tabOrder].sort()).toEqual(modules.map((m) => m.title).sort());
    // …and the PDF's order, whatever order the sections are gathered in, is the tabs' order.
    const sections = modules.map((m) => ({ title: m.title }));
    expect(inCaseOrder(sections).map((s) => s.title)).toEqual(tabOrder);
    expect(inCaseOrder([...sections].reverse()).map((s) => s.title)).toEqual(tabOrder);
  });
});
