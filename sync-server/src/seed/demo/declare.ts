import { datedFields, ORDER_SHEETS, type TDatedModule, type TEntityName } from '@lawfirm/shared-types';
import { at, day, find, ref, yearOf, type TSeedNode } from './loader.ts';

/**
 * Shorthands the demo's declarations are written in (demo-cases.ts, demo-office.ts): each makes the rows one
 * thing of a firm is stored as, with the names the shared declarations give their columns. Days count from
 * the day the demo is seeded (0 today, -30 a month ago, 7 next week).
 */

/** A party: a name, or a name that is one of the demo's client accounts (who then reads the case file). */
export type TParty = string | { name: string; client: string };

/** A dated entry of a case file: [day, type, what was written, a photographed page]. */
export type TEntry = readonly [day: number, type?: string | null, note?: string | null, photo?: string];

export type TCase = {
  key: string;
  no: string;
  /** The category's title (several when its spelling changes between data releases). */
  category: string | readonly string[];
  /** The court's title (several: the first the firm has, for courts an older firm was not given). */
  court: string | readonly string[];
  title: string;
  /** Days from today it was instituted (its year follows). */
  instituted: number;
  petitioners: readonly TParty[];
  opponents: readonly TParty[];
  lawyers?: readonly string[];
  tag?: string;
  archived?: true;
  moot?: true;
  /** Its order sheets: past ones with what the court did, coming ones as bare hearing dates. */
  hearings?: readonly TEntry[];
  /** Everything else in the case file (index, replies, talbana…), made with the shorthands below. */
  more?: readonly TSeedNode[];
};

const party =
  (side: 'petitioner' | 'opponent') =>
  (p: TParty): TSeedNode => ({
    entity: 'petition_parties',
    values:
      typeof p === 'string'
        ? { side, name: p, user_id: null }
        : { side, name: p.name, user_id: ref(`client:${p.client}`) },
  });

/** A photographed page of the row it is under. */
export const photo = (file: string, title: string | null = null): TSeedNode => ({
  entity: 'attachments',
  file,
  values: { title },
});

/**
 * An entry of a dated document module (order sheet, naqal form, talbana, synopsis). Its type is looked up in
 * the firm's types of that module: order sheets' are reference data every firm has; the other modules' lists
 * may still be empty in a firm, and then the entry has no type rather than the demo failing.
 */
export function dated(
  m: TDatedModule,
  [d, type, note, file]: TEntry,
  title: string | null = null,
): TSeedNode {
  const f = datedFields(m);
  return {
    entity: m.entity as TEntityName,
    values: {
      title,
      [f.date]: day(d),
      [f.type]: type
        ? find('module_types', type, { where: { module_id: m.moduleId }, optional: m !== ORDER_SHEETS })
        : null,
      description: note ?? null,
    },
    children: file ? [photo(file)] : [],
  };
}

/** An item of an indexed document list (petition index, replies, the standard index lists). */
export const item = (
  entity: 'petition_index' | 'replies' | 'oral_arguments' | 'case_laws' | 'extra_documents' | 'judgements',
  description: string,
  more: { date?: number; annexure?: string; page?: string } = {},
): TSeedNode => ({
  entity,
  values: {
    document_description: description,
    date: more.date === undefined ? null : day(more.date),
    annexure: more.annexure ?? null,
    page_info: more.page ?? null,
  },
});

/** A heading of a case file's replies, with its items. */
export const reply = (title: string, items: readonly TSeedNode[]): TSeedNode => ({
  entity: 'reply_parents',
  values: { title },
  children: items,
});

/** A case file with its parties, lawyers and order sheets, and whatever else it declares. */
export const caseFile = (c: TCase): TSeedNode => ({
  entity: 'petitions',
  key: `case:${c.key}`,
  values: {
    case_no: c.no,
    year: yearOf(c.instituted),
    title: c.title,
    court_id: find('courts', c.court),
    petition_type_id: find('case_categories', c.category),
    institution_date: day(c.instituted),
    is_moot_case: !!c.moot,
    archived: !!c.archived,
    pending_tag: c.tag ?? null,
    lawyer_ids: (c.lawyers ?? []).map((l) => ref(`lawyer:${l}`)),
    created_at: at(c.instituted),
  },
  children: [
    ...c.petitioners.map(party('petitioner')),
    ...c.opponents.map(party('opponent')),
    ...(c.hearings ?? []).map((h) => dated(ORDER_SHEETS, h)),
    ...(c.more ?? []),
  ],
});
