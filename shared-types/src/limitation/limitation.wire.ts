import { z } from 'zod';
import {
  limitationAnswersDecl,
  limitationQuestionsDecl,
  limitationSubAnswersDecl,
} from './limitation.entities.ts';

const id = z.string().max(200).nullish();

/**
 * The question form (part 3 §2.15): a question of a case with its answers, each with its sub answers, saved
 * whole (rest-contract 131). Each level is its entity's row schema without the parent it is nested under.
 */
export const ZLimitationQuestionForm = limitationQuestionsDecl.schema.extend({
  id,
  limitation_calculator_answers: z
    .array(
      limitationAnswersDecl.schema.omit({ question_id: true }).extend({
        id,
        limitation_calculator_sub_answers: z
          .array(limitationSubAnswersDecl.schema.omit({ answer_id: true }).extend({ id }))
          .max(20)
          .default([]),
      }),
    )
    .max(500)
    .default([]),
});
export type TLimitationQuestionForm = z.input<typeof ZLimitationQuestionForm>;

/** A case id (rest-contract 132), an answer id spelt `anser_id` (133), a question id (128). */
export const ZCaseIdBody = z.object({ case_id: z.string().max(200).nullish() });
export const ZAnserIdBody = z.object({ anser_id: z.string().max(200).nullish() });
export const ZQuestionIdBody = z.object({ question_id: z.string().max(200).nullish() });

/**
 * What the public calculator and FIR reader read, answered whole by GET /api/public_tools for a visitor's
 * device to keep offline (a signed-in device has the same rows in its synced tables of these names).
 */
export const PUBLIC_TOOLS_ENTITIES = [
  'limitation_cases',
  'limitation_questions',
  'limitation_answers',
  'limitation_sub_answers',
  'holidays',
  'statutes',
  'fir_sections',
] as const;
export type TPublicToolsEntity = (typeof PUBLIC_TOOLS_ENTITIES)[number];
