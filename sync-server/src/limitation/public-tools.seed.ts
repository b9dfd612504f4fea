import limitationData from '../seed/data/limitation-act-1908.json' with { type: 'json' };
import firData from '../seed/data/fir-sections.json' with { type: 'json' };
import type { TDateFieldLabel } from '@lawfirm/shared-types/limitation/limitation-date.ts';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { lastSeq } from '../sync/change-log.ts';
import { insertSeedRows, insertSyncedRow, SEED_WRITER, type SystemRow } from '../sync/system-write.ts';
import type { SyncRegistry } from '../sync/entities.ts';

/** The data's date fields, as the calculator labels them (limitation-date.ts) with the sub answer's text. */
const DATE_FIELDS: Record<string, { label: TDateFieldLabel; text: string }> = {
  'Challenging Date': {
    label: 'Challenging Date',
    text: 'Date of the decree, order or event the period runs from',
  },
  'Order Date': { label: 'Order Date', text: 'Date the certified copy was applied for' },
  'Prepared Date': { label: 'Prepared Date', text: 'Date the certified copy was ready' },
};

/** The Second Schedule's yes/no columns in words; null: the schedule ties the answer to another offence. */
const LINKED = 'Follows the offence it is coupled with';
const yesNo = (v: boolean | null, yes: string, no: string) => (v === null ? LINKED : v ? yes : no);

type Rows = { entity: string; rows: SystemRow[] }[];

/** The calculator's cases, questions, answers and sub answers from the Limitation Act's First Schedule. */
function limitationRows(): Rows {
  const cases: SystemRow[] = [];
  const questions: SystemRow[] = [];
  const answers: SystemRow[] = [];
  const subs: SystemRow[] = [];
  const questionOf = new Map<string, string>();
  for (const e of limitationData.entries) {
    let questionId = questionOf.get(e.case_kind);
    if (!questionId) {
      const caseId = newId();
      questionId = newId();
      questionOf.set(e.case_kind, questionId);
      cases.push({ id: caseId, title: e.case_kind, display_order: cases.length + 1 });
      questions.push({
        id: questionId,
        limitation_calculator_case_id: caseId,
        question: `Which ${e.case_kind.toLowerCase()} is it?`,
      });
    }
    const answerId = newId();
    answers.push({
      id: answerId,
      question_id: questionId,
      answer: e.description,
      article: e.article,
      also_known_as: e.also_known_as ?? [],
      display_order: answers.filter((a) => a.question_id === questionId).length + 1,
    });
    // An article without a period still gets its Challenging Date, so an admin only fills in the days.
    const fields = e.date_fields.length ? e.date_fields : ['Challenging Date'];
    fields.forEach((f, i) => {
      const field = DATE_FIELDS[f];
      if (!field) throw new Error(`unknown date field ${f} in limitation-act-1908.json`);
      subs.push({
        id: newId(),
        answer_id: answerId,
        sub_answer: field.text,
        date_field_label: field.label,
        days: e.period_days,
        display_order: i + 1,
      });
    });
  }
  return [
    { entity: 'limitation_cases', rows: cases },
    { entity: 'limitation_questions', rows: questions },
    { entity: 'limitation_answers', rows: answers },
    { entity: 'limitation_sub_answers', rows: subs },
  ];
}

/** The FIR sections the reader starts with, under the firm's statutes (a statute the firm lacks is added). */
async function firRows(db: Db, companyId: string): Promise<Rows> {
  const norm = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
  const have = await forFirm(db, companyId)
    .live('statutes')
    .select(['id', 'title', 'display_order'])
    .execute();
  const statuteOf = new Map(have.map((s) => [norm(s.title), s.id]));
  let nextOrder = Math.max(0, ...have.map((s) => Number(s.display_order))) + 1;
  const statutes: SystemRow[] = [];
  const sections: SystemRow[] = firData.sections.map((s) => {
    let statuteId = statuteOf.get(norm(s.statute));
    if (!statuteId) {
      statuteId = newId();
      statuteOf.set(norm(s.statute), statuteId);
      statutes.push({ id: statuteId, title: s.statute, display_order: nextOrder++ });
    }
    return {
      id: newId(),
      statute_id: statuteId,
      title: s.title,
      fir_no: s.section,
      defination: null,
      link: null,
      arrest_info: yesNo(
        s.cognizable,
        'Cognizable: police may arrest without warrant',
        'Non-cognizable: no arrest without a warrant',
      ),
      warrent_info: s.warrant_or_summons,
      bailable_info: yesNo(s.bailable, 'Bailable', 'Not bailable'),
      compoundable_info: s.compoundable,
      punishment_info: s.punishment,
      court_triable: s.triable_by,
      note: [s.note, s.confidence && `Confidence of the classification: ${s.confidence}.`]
        .filter(Boolean)
        .join(' '),
    };
  });
  return [
    { entity: 'statutes', rows: statutes },
    { entity: 'fir_sections', rows: sections },
  ];
}

/**
 * Loads a firm's calculator data and FIR sections from the shipped reference data, each once: a firm that has
 * ever had rows of them (deleted ones too) keeps what its admins made of them. A new firm's rows are its
 * starting state (change 0); a firm that already has changes (a server upgraded to this version) gets them as
 * logged changes, so its synced devices pull them.
 */
export async function seedPublicTools(db: Db, registry: SyncRegistry, companyId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const hasAny = async (table: 'limitation_cases' | 'fir_sections') =>
      !!(await forFirm(trx, companyId).selectFrom(table).select('id').limit(1).executeTakeFirst());
    const batches: Rows = [];
    if (!(await hasAny('limitation_cases'))) batches.push(...limitationRows());
    if (!(await hasAny('fir_sections'))) batches.push(...(await firRows(trx, companyId)));
    const logged = (await lastSeq(trx, companyId)) > 0;
    for (const { entity, rows } of batches) {
      const def = registry.byName.get(entity)!;
      if (!logged) await insertSeedRows(trx, def, companyId, rows);
      else for (const row of rows) await insertSyncedRow(trx, def, companyId, row, { writer: SEED_WRITER });
    }
  });
}

/** Every firm's calculator data and FIR sections, for a server started on a database made before them. */
export async function seedPublicToolsForAll(db: Db, registry: SyncRegistry): Promise<void> {
  const firms = await db.selectFrom('companies').select('id').where('deleted_at', 'is', null).execute();
  for (const f of firms) await seedPublicTools(db, registry, f.id);
}
