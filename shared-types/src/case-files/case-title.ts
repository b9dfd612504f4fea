// How a case file is named, wherever it is named: screens, prints, PDFs, the calendar, its iCal feed, the cause
// list and mails. One rule, so the case page, a breadcrumb and a hearing in a calendar app all read
// "W.P. 122109/2026 Muhammad Aslam vs State". No zod and no pdf-lib here: the first screen imports it.

/** What names a case: its category's short form (W.P.), its number and year, and its own title. */
export type TCaseName = {
  caseType?: string | null;
  caseNo: string;
  year?: number | string | null;
  title?: string | null;
};

/** A case category as rows hold it. */
export type TCaseCategoryName = { title?: string | null; abbreviation?: string | null };

/**
 * The category as a case's number shows it: its abbreviation (W.P., C.R.), else its title, so a case of a
 * category without an abbreviation still says what kind of case it is.
 */
export const caseTypeOf = (category: TCaseCategoryName | null | undefined): string | null =>
  category?.abbreviation?.trim() || category?.title?.trim() || null;

/** "W.P. 122109/2026": the category's short form, then number/year (each left out when missing). */
export function caseNumber(c: TCaseName): string {
  const no = String(c.caseNo ?? '').trim();
  const year = c.year === null || c.year === undefined ? '' : String(c.year).trim();
  const number = year ? `${no}/${year}` : no;
  const type = c.caseType?.trim();
  return type ? `${type} ${number}` : number;
}

/** "W.P. 122109/2026 Muhammad Aslam vs State": the case's number and its title (the original petition_standard_title). */
export function caseTitle(c: TCaseName): string {
  const title = c.title?.trim();
  return title ? `${caseNumber(c)} ${title}` : caseNumber(c);
}

/** The title with its petitioners' names after it, as the calendar's case search lists a case (…_with_petitioner). */
export function caseTitleWithPetitioners(c: TCaseName, petitioners: string): string {
  const names = petitioners.trim();
  return names ? `${caseTitle(c)} (${names})` : caseTitle(c);
}

/** A case row (petitions, a hearing's case) as these functions take it, with its category's short form. */
export const caseNameOf = (
  row: { case_no: string; year?: number | string | null; title?: string | null },
  caseType?: string | null,
): TCaseName => ({ caseType, caseNo: row.case_no, year: row.year, title: row.title });
