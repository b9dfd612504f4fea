import courtsData from './data/pakistan-courts.json' with { type: 'json' };
import limitationData from './data/limitation-act-1908.json' with { type: 'json' };
import type { Db } from '../db/connect.ts';
import { forFirm } from '../db/firm.ts';
import { newId } from '../db/ids.ts';
import { insertSeedRows, type SystemRow } from '../sync/system-write.ts';
import { REGISTRY } from '../entities.ts';

/** Common abbreviations of the cause-list categories (the data ships titles only; admins edit these). */
export const CATEGORY_ABBREVIATIONS: Record<string, string> = {
  'Writ Petition': 'W.P.',
  'Criminal Miscelleneous': 'Crl.Misc.',
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

/**
 * Loads a firm's reference data (courts, case categories linked to every court, statutes, order-sheet
 * types, Limitation Act articles). Runs once per firm, when the firm is created; admins edit it afterwards.
 * The rows are the firm's starting state (change 0), stamped by the same helper as every other seed.
 */
export async function seedReferenceData(db: Db, companyId: string): Promise<void> {
  const already = await forFirm(db, companyId).selectFrom('courts').select('id').limit(1).executeTakeFirst();
  if (already) return;
  await db.transaction().execute(async (trx) => {
    const seed = (entity: string, rows: SystemRow[]) =>
      insertSeedRows(trx, REGISTRY.byName.get(entity)!, companyId, rows);
    const courts = courtsData.courts.map((title) => ({ id: newId(), title, short_title: null }));
    await seed('courts', courts);
    const categories = courtsData.case_categories.map((title) => ({
      id: newId(),
      title,
      abbreviation: CATEGORY_ABBREVIATIONS[title] ?? null,
    }));
    await seed('case_categories', categories);
    await seed(
      'case_category_courts',
      categories.flatMap((cat) =>
        courts.map((court) => ({ id: newId(), case_category_id: cat.id, court_id: court.id })),
      ),
    );
    await seed(
      'statutes',
      courtsData.statutes.map((title, i) => ({
        id: newId(),
        title: title.replace(/\u00a0/g, ' '),
        display_order: i + 1,
      })),
    );
    await seed(
      'module_types',
      courtsData.order_sheet_types.map((title, i) => ({
        id: newId(),
        module_id: MODULES.ORDER_SHEET,
        title,
        display_order: i + 1,
      })),
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
