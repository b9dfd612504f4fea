import { z } from 'zod';
import { MSG, MSG_DATE_INVALID } from '../common/messages.ts';
import { optionalText, requiredText, tooLong, tooMany } from '../common/validation.ts';
import { defineEntity, permissionPolicy, type TColumns } from '../sync/entity.ts';
import { DATE_FIELD_LABELS, dateFieldLabel } from './limitation-date.ts';

export const MSG_CASE_REQUIRED = 'Case field is required.';
export const MSG_QUESTION_REQUIRED = 'Question field is required.';
export const MSG_ANSWER_REQUIRED = 'Answer field is required.';
export const MSG_SUB_ANSWER_REQUIRED = 'Sub answer field is required.';
export const MSG_DATE_FIELD_LABEL = 'Date field label must be Challenging Date, Order Date or Prepared Date.';
export const MSG_DAYS_INVALID = 'Days must be a whole number from 0 to 36500.';
export const MSG_HOLIDAY_DATE = 'Date field is required.';

const isRealDate = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
};
const order = z.coerce.number().int().min(0).max(1_000_000).default(0);
const sync = { id: 'text', company_id: 'text' } as const;

/**
 * The calculator's data is the firm's reference data (part 3 §2.15): every member reads it (visitors read the
 * firm's public snapshot), admins edit it.
 */
const tool = <const N extends string, const C extends TColumns>(name: N, columns: C) => ({
  name,
  columns: { ...sync, ...columns },
  writable: Object.keys(columns),
  policy: permissionPolicy('referenceData.manage'),
});

/** A case kind of the calculator (Appeal, Application, Review, Revision, Suit). */
export const limitationCasesDecl = defineEntity({
  ...tool('limitation_cases', { title: 'text', display_order: 'int' }),
  schema: z.object({ title: requiredText(MSG.titleRequired), display_order: order }),
  defaults: { display_order: 0 },
  indexes: ['display_order'],
});

/** The question asked once a case kind is chosen. */
export const limitationQuestionsDecl = defineEntity({
  ...tool('limitation_questions', { limitation_calculator_case_id: 'text', question: 'text' }),
  schema: z.object({
    limitation_calculator_case_id: z
      .string({ error: MSG_CASE_REQUIRED })
      .min(1, { error: MSG_CASE_REQUIRED }),
    question: requiredText(MSG_QUESTION_REQUIRED, 1000),
  }),
  parents: [
    { column: 'limitation_calculator_case_id', entity: 'limitation_cases', message: MSG_CASE_REQUIRED },
  ],
});

/** An answer: one article of the Limitation Act (its text, number and common names such as RFA, ICA). */
export const limitationAnswersDecl = defineEntity({
  ...tool('limitation_answers', {
    question_id: 'text',
    answer: 'text',
    article: 'text',
    also_known_as: 'json',
    display_order: 'int',
  }),
  schema: z.object({
    question_id: z.string().min(1, { error: MSG_QUESTION_REQUIRED }),
    answer: requiredText(MSG_ANSWER_REQUIRED, 2000),
    article: optionalText(20),
    also_known_as: z
      .array(z.string().trim().min(1).max(100, tooLong(100)))
      .max(20, tooMany('other names', 20))
      .default([]),
    display_order: order,
  }),
  defaults: { also_known_as: [], display_order: 0 },
  indexes: ['display_order'],
  parents: [{ column: 'question_id', entity: 'limitation_questions', message: MSG_QUESTION_REQUIRED }],
});

/** A date the answer's period counts from, with the period in days (null: not set yet). */
export const limitationSubAnswersDecl = defineEntity({
  ...tool('limitation_sub_answers', {
    answer_id: 'text',
    sub_answer: 'text',
    date_field_label: 'text',
    days: 'int',
    display_order: 'int',
  }),
  schema: z.object({
    answer_id: z.string().min(1, { error: MSG_ANSWER_REQUIRED }),
    sub_answer: requiredText(MSG_SUB_ANSWER_REQUIRED, 1000),
    // The original client's question form offers the old spelling: it is kept as the Challenging Date.
    date_field_label: z.preprocess(
      dateFieldLabel,
      z.enum(DATE_FIELD_LABELS, { error: MSG_DATE_FIELD_LABEL }),
    ),
    days: z.coerce
      .number({ error: MSG_DAYS_INVALID })
      .int({ error: MSG_DAYS_INVALID })
      .min(0, { error: MSG_DAYS_INVALID })
      .max(36500, { error: MSG_DAYS_INVALID })
      .nullable(),
    display_order: order,
  }),
  defaults: { display_order: 0, days: null },
  indexes: ['display_order'],
  parents: [{ column: 'answer_id', entity: 'limitation_answers', message: MSG_ANSWER_REQUIRED }],
});

/** A court holiday an admin adds for a year (Eid and other gazetted days; the five fixed ones are built in). */
export const holidaysDecl = defineEntity({
  ...tool('holidays', { date: 'text', title: 'text' }),
  schema: z.object({
    date: z
      .string({ error: MSG_HOLIDAY_DATE })
      .min(1, { error: MSG_HOLIDAY_DATE, abort: true })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_DATE_INVALID, abort: true })
      .refine(isRealDate, { error: MSG_DATE_INVALID }),
    title: requiredText(MSG.titleRequired),
  }),
  indexes: ['date'],
  rest: { path: '/api/holidays', listKey: 'holidays', rowKey: 'holiday', orderBy: ['date'] },
});

export const LIMITATION_ENTITIES = [
  limitationCasesDecl,
  limitationQuestionsDecl,
  limitationAnswersDecl,
  limitationSubAnswersDecl,
  holidaysDecl,
] as const;
