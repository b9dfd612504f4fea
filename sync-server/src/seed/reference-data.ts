import courtsData from './data/pakistan-courts.json' with { type: 'json' };
import limitationData from './data/limitation-act-1908.json' with { type: 'json' };
import ourData from './data/our-reference-data.json' with { type: 'json' };
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { insertSeedRows, type SystemRow } from '../sync/system-write.ts';
import { REGISTRY } from '../entities.ts';

/**
 * Common abbreviations of the shared data's cause-list categories (it ships titles only; admins edit these).
 * The categories of our own data carry theirs.
 */
export const CATEGORY_ABBREVIATIONS: Record<string, string> = {
  'Writ Petition': 'W.P.',
  'Criminal Miscellaneous': 'Crl.Misc.',
  'Civil Revision': 'C.R.',
  'Regular First Appeal': 'R.F.A.',
  'Regular Second Appeal': 'R.S.A.',
  'First Appeal Against Order': 'F.A.O.',
  'Second Appeal Against Order': 'S.A.O.',
  'Criminal Appeal': 'Crl.A.',
  'Criminal Revision': 'Crl.Rev.',
  'Murder Reference': 'M.R.',
  'Intra Court Appeal': 'I.C.A.',
  'Petition For Special Leave To Appeal': 'C.P.L.A.',
  'Civil Original Suit': 'C.O.S.',
  'Civil Suit': 'C.S.',
  'Civil Reference': 'C.Ref.',
  'Civil Miscellaneous Appeals': 'C.M.A.',
  'Criminal Original': 'Crl.Org.',
  'Jail Appeal': 'J.A.',
  'Review Application': 'R.A.',
  'Execution First Appeal': 'E.F.A.',
  'Execution Second Appeal': 'E.S.A.',
  'Execution Petition': 'Ex.P.',
  'Income Tax Appeal': 'I.T.A.',
  'Income Tax Reference': 'I.T.R.',
  'Sales Tax Appeal': 'S.T.A.',
  'Sales Tax Reference': 'S.T.R.',
  'Tax Appeal': 'T.A.',
  'Tax Reference': 'T.R.',
  'Transfer Application': 'T.A.',
  'Human Rights Petition': 'H.R.C.',
  'Election Petition': 'E.P.',
  'Election Appeal': 'E.A.',
  'Capital Sentence Reference': 'C.S.R.',
  'Labour Appeal': 'L.A.',
  'Commercial Appeal': 'Comm.A.',
  'Custom Appeal': 'Cus.A.',
  'Custom Reference': 'Cus.R.',
  'Arbitration Petition': 'Arb.P.',
  'Companies Original': 'C.O.',
  'Miscellaneous Petitions': 'M.P.',
  'Objection Petition': 'Obj.P.',
  'Suo Moto': 'S.M.C.',
  'Wealth Tax Appeal': 'W.T.A.',
  'Cross Objection': 'C.Obj.',
};

/** Module ids of part 2 §9. */
export const MODULES = { ORDER_SHEET: 1, NAQAL_FORM: 2, TALBANA: 3, SYNOPSIS: 4 } as const;

/** Titles of `extra` that `base` lacks (compared without case), after `base`. */
const withMissing = (base: readonly string[], extra: readonly string[]): string[] => {
  const have = new Set(base.map((t) => t.toLowerCase()));
  return [...base, ...extra.filter((t) => !have.has(t.toLowerCase()))];
};

/**
 * The titles each dated document module's type list starts with: order sheets from the shared data plus the
 * outcomes the record-hearing form offers (issue 34: Adjourned, Arguments heard, Reserved, Decided; migration
 * 0025 adds them to installed firms), the rest ours.
 */
const MODULE_TYPE_TITLES: [number, readonly string[]][] = [
  [MODULES.ORDER_SHEET, withMissing(courtsData.order_sheet_types, ourData.module_types.order_sheet)],
  [MODULES.NAQAL_FORM, ourData.module_types.naqal_form],
  [MODULES.TALBANA, ourData.module_types.talbana],
  [MODULES.SYNOPSIS, ourData.module_types.synopsis],
];

type TSeedCourt = { title: string; categories: readonly string[] };

/**
 * The courts a firm starts with and the categories offered in each: the superior courts of the shared data
 * with every category of its cause lists, then ours (the Federal Shariat Court and the district-level courts
 * and tribunals) each with the categories it hears, so the case form's Category list is short and right.
 */
function seedCourts(): TSeedCourt[] {
  return [
    ...courtsData.courts.map((title) => ({ title, categories: courtsData.case_categories })),
    ...ourData.courts,
  ];
}

/**
 * Loads a firm's reference data (courts, case categories linked to the courts that hear them, statutes, the
 * types of the four dated document modules, Limitation Act articles). Runs once per firm, when the firm is
 * created; admins edit it afterwards. The rows are the firm's starting state (change 0), stamped by the same
 * helper as every other seed.
 */
export async function seedReferenceData(db: Db, companyId: string): Promise<void> {
  const already = await forFirm(db, companyId).selectFrom('courts').select('id').limit(1).executeTakeFirst();
  if (already) return;
  await db.transaction().execute(async (trx) => {
    const seed = (entity: string, rows: SystemRow[]) =>
      insertSeedRows(trx, REGISTRY.byName.get(entity)!, companyId, rows);
    const categories = [
      ...courtsData.case_categories.map((title) => ({
        id: newId(),
        title,
        abbreviation: CATEGORY_ABBREVIATIONS[title] ?? null,
      })),
      ...ourData.case_categories.map((c) => ({ id: newId(), ...c })),
    ];
    const categoryId = new Map(categories.map((c) => [c.title, c.id]));
    const courts = seedCourts().map((c) => ({ id: newId(), ...c }));
    await seed(
      'courts',
      courts.map((c) => ({ id: c.id, title: c.title, short_title: null })),
    );
    await seed('case_categories', categories);
    await seed(
      'case_category_courts',
      courts.flatMap((court) =>
        court.categories.map((title) => {
          const id = categoryId.get(title);
          // A misspelt title in the data would leave a court without a category it hears: refuse to start.
          if (!id) throw new Error(`${court.title}: no case category "${title}" in the reference data`);
          return { id: newId(), case_category_id: id, court_id: court.id };
        }),
      ),
    );
    await seed(
      'statutes',
      courtsData.statutes.map((title, i) => ({
        id: newId(),
        // A non-breaking space (the data once had some) would make the title unmatched by a typed search.
        title: title.replace(/\u00a0/g, ' '),
        display_order: i + 1,
      })),
    );
    await seed(
      'module_types',
      MODULE_TYPE_TITLES.flatMap(([module_id, titles]) =>
        titles.map((title, i) => ({ id: newId(), module_id, title, display_order: i + 1 })),
      ),
    );
    await seed(
      'limitation_articles',
      limitationData.entries.map((e, i) => ({
        id: newId(),
        case_kind: e.case_kind,
        article: e.article,
        description: e.description ?? '',
        also_known_as: e.also_known_as ?? [],
        period_days: e.period_days,
        date_fields: e.date_fields ?? [],
        display_order: i + 1,
      })),
    );
  });
}
