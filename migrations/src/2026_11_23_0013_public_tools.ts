import type { Kysely } from 'kysely';
import { syncedTable } from './lib/synced.ts';

/** The limitation calculator's data, court holidays and FIR sections of a firm (part 3 §2.15–2.17). */
export async function up(db: Kysely<any>): Promise<void> {
  await syncedTable(db, 'limitation_cases')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await syncedTable(db, 'limitation_questions')
    .addColumn('limitation_calculator_case_id', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .execute();
  await syncedTable(db, 'limitation_answers')
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('article', 'text')
    .addColumn('also_known_as', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await syncedTable(db, 'limitation_sub_answers')
    .addColumn('answer_id', 'text', (c) => c.notNull())
    .addColumn('sub_answer', 'text', (c) => c.notNull())
    .addColumn('date_field_label', 'text', (c) => c.notNull())
    .addColumn('days', 'integer')
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await syncedTable(db, 'holidays')
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .execute();
  await syncedTable(db, 'fir_sections')
    .addColumn('statute_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('fir_no', 'text', (c) => c.notNull())
    .addColumn('defination', 'text')
    .addColumn('link', 'text')
    .addColumn('arrest_info', 'text')
    .addColumn('warrent_info', 'text')
    .addColumn('bailable_info', 'text')
    .addColumn('compoundable_info', 'text')
    .addColumn('punishment_info', 'text')
    .addColumn('court_triable', 'text')
    .addColumn('note', 'text')
    .execute();
  const indexes: [string, string[]][] = [
    ['limitation_cases', ['company_id', 'deleted_at']],
    ['limitation_questions', ['company_id', 'limitation_calculator_case_id']],
    ['limitation_answers', ['company_id', 'question_id']],
    ['limitation_sub_answers', ['company_id', 'answer_id']],
    ['holidays', ['company_id', 'date']],
    ['fir_sections', ['company_id', 'statute_id']],
  ];
  for (const [table, columns] of indexes)
    await db.schema.createIndex(`${table}_${columns[1]}_idx`).on(table).columns(columns).execute();
}
