import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  activeCaseFilters,
  BLANK,
  caseNoAndYear,
  foldCase,
  type TCaseFilter,
  type TCaseMatch,
  type TFilterValue,
} from '@lawfirm/shared-types/case-files/case-filter.ts';
import type { DbKind } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

type Eb = ExpressionBuilder<Database, 'petitions'>;

/**
 * `column` contains `text` after `foldCase` on both sides: SQLite's lower() folds ASCII only, and so does
 * PostgreSQL's under the "C" collation (under the database's own locale it would fold É to é, which SQLite and
 * the device do not). %, _ and \ typed by a user match themselves (escaped, with ESCAPE declared).
 */
export function foldedContains(kind: DbKind, column: string, text: string): Expression<SqlBool> {
  const pattern = `%${foldCase(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const folded =
    kind === 'postgres' ? sql`lower(${sql.ref(column)} collate "C")` : sql`lower(${sql.ref(column)})`;
  return sql<SqlBool>`${folded} like ${pattern} escape '\\'`;
}

/**
 * Live parties of the outer query's case file, either side, whose name contains `text`. The firm is named too,
 * so the parties are found through their (firm, case file) index rather than by a scan per case file.
 */
const partyNamed = (kind: DbKind, eb: Eb, text: string) =>
  eb.exists(
    eb
      .selectFrom('petition_parties as pp')
      .select('pp.id')
      .whereRef('pp.company_id', '=', 'petitions.company_id')
      .whereRef('pp.petition_id', '=', 'petitions.id')
      .where('pp.deleted_at', 'is', null)
      .where(foldedContains(kind, 'pp.name', text)),
  );

const isYear = (v: TFilterValue): boolean => Number.isInteger(v) && Math.abs(Number(v)) < 2 ** 31;
const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

function matchSql(kind: DbKind, eb: Eb, m: TCaseMatch, v: TFilterValue): Expression<SqlBool> {
  switch (m.op) {
    case 'contains':
      return foldedContains(kind, `petitions.${m.column}`, String(v));
    case 'partyContains':
      return partyNamed(kind, eb, String(v));
    case 'equals':
      // The year is an integer column: a value the query schema let through is a whole number of 4 digits at most.
      // (Any other number matches no year, as on the device, rather than failing PostgreSQL's int column.)
      if (m.column === 'court_id') return eb('petitions.court_id', '=', String(v));
      return isYear(v) ? eb('petitions.year', '=', Number(v)) : FALSE;
    case 'only':
      return v === true ? eb(`petitions.${m.column}`, '=', 1) : TRUE;
    case 'present':
      // trim(x, set) on SQLite is btrim(x, set) on PostgreSQL; null stays null, which is not <> ''.
      if (v !== true) return TRUE;
      return kind === 'postgres'
        ? sql<SqlBool>`btrim(${sql.ref(`petitions.${m.column}`)}, ${BLANK}) <> ''`
        : sql<SqlBool>`trim(${sql.ref(`petitions.${m.column}`)}, ${BLANK}) <> ''`;
    case 'is':
      return eb(`petitions.${m.column}`, '=', v === true ? 1 : 0);
    case 'caseNoSlashYear': {
      const noYear = caseNoAndYear(String(v));
      return noYear
        ? eb.and([
            foldedContains(kind, 'petitions.case_no', noYear.no),
            eb('petitions.year', '=', noYear.year),
          ])
        : FALSE;
    }
    case 'any':
      return eb.or(m.of.map((sub) => matchSql(kind, eb, sub, v)));
  }
}

/** The case filter declaration (shared-types case-filter.ts) as a where clause over `petitions`. */
export const caseFilterWhere =
  (kind: DbKind, f: TCaseFilter) =>
  (eb: Eb): Expression<SqlBool> => {
    const parts = activeCaseFilters(f).map((a) => matchSql(kind, eb, a.match, a.value));
    return parts.length ? eb.and(parts) : TRUE;
  };
