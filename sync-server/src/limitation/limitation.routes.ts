import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, ZMessageResponse, type TActor } from '@lawfirm/shared-types';
import {
  PUBLIC_TOOLS_ENTITIES,
  ZAnserIdBody,
  ZCaseIdBody,
  ZLimitationQuestionForm,
  ZQuestionIdBody,
} from '@lawfirm/shared-types/limitation/limitation.wire.ts';
import type { Db } from '../db/connect.ts';
import { forActor } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import type { SyncRegistry } from '../sync/entities.ts';
import { publicRateLimit, toolsFirmId, wireRows, type TWireRow } from '../reference-data/tools-firm.ts';

const ZRow = z.looseObject({ id: z.string() });
const ZRows = z.array(ZRow);
/** The app's entity (app.registry, with its server checks) of a declared name. */
const entityIn = (registry: SyncRegistry, name: string) => registry.byName.get(name)!;

/**
 * POST /api/limitation_calculator_cases (rest-contract 124) as the case form sends it, or a whole listed row
 * (its other fields are ignored): an id to update (none creates), the title, and a display order that '' or null leaves to the server (kept on an update, last on a
 * create). Values go as sent to the case's row schema, which holds the rules and their messages.
 */
const ZLimitationCaseBody = z.object({
  id: z.string().max(200).nullish(),
  title: z.unknown().optional(),
  display_order: z
    .unknown()
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v)),
});

/** Questions with their case's title, as the original client reads `limitation_calculator_case.title`. */
async function withCase(db: Db, companyId: string, questions: TWireRow[]): Promise<TWireRow[]> {
  const cases = await wireRows(db, companyId, 'limitation_cases', {
    id: questions.map((q) => String(q.limitation_calculator_case_id)),
  });
  const title = new Map(cases.map((c) => [c.id, c.title]));
  return questions.map((q) => ({
    ...q,
    limitation_calculator_case: { title: title.get(String(q.limitation_calculator_case_id)) ?? null },
  }));
}

/** A question with its answers, each with its sub answers (the edit form's caseQuestion). */
async function questionWhole(db: Db, companyId: string, id: string): Promise<TWireRow | undefined> {
  const [q] = await withCase(db, companyId, await wireRows(db, companyId, 'limitation_questions', { id }));
  if (!q) return undefined;
  const answers = await wireRows(db, companyId, 'limitation_answers', { question_id: id });
  const subs = await wireRows(db, companyId, 'limitation_sub_answers', {
    answer_id: answers.map((a) => a.id),
  });
  return {
    ...q,
    limitation_calculator_answers: answers.map((a) => ({
      ...a,
      limitation_calculator_sub_answers: subs.filter((s) => s.answer_id === a.id),
    })),
  };
}

/** A write's 422 with its fields under the path of the nested row it came from (answers.0.answer). */
async function nested<T>(prefix: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (!(e instanceof HttpError) || !e.extra.validation_error) throw e;
    const fields = e.extra.validation_error as Record<string, string[]>;
    const moved = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}.${k}`, v]));
    throw new HttpError(e.statusCode, e.message, { validation_error: moved });
  }
}

/** Saves a question with its answers and sub answers in one transaction, through the sync store. */
async function saveQuestion(
  db: Db,
  registry: SyncRegistry,
  actor: TActor,
  form: z.output<typeof ZLimitationQuestionForm>,
) {
  return inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    const existing = form.id ? await firm.find('limitation_questions', form.id) : undefined;
    if (form.id && !existing) throw notFound();
    const questionId = existing?.id ?? newId();
    await firm.put(entityIn(registry, 'limitation_questions'), questionId, {
      limitation_calculator_case_id: form.limitation_calculator_case_id,
      question: form.question,
    });
    for (const [i, a] of form.limitation_calculator_answers.entries()) {
      const answerId = a.id || newId();
      const { limitation_calculator_sub_answers: subs, id: _a, ...answer } = a;
      await nested(`limitation_calculator_answers.${i}`, () =>
        firm.put(entityIn(registry, 'limitation_answers'), answerId, {
          ...answer,
          question_id: questionId,
          display_order: answer.display_order || i + 1,
        }),
      );
      for (const [j, s] of subs.entries()) {
        const { id: subId, ...sub } = s;
        await nested(`limitation_calculator_answers.${i}.limitation_calculator_sub_answers.${j}`, () =>
          firm.put(entityIn(registry, 'limitation_sub_answers'), subId || newId(), {
            ...sub,
            answer_id: answerId,
            display_order: sub.display_order || j + 1,
          }),
        );
      }
    }
    return { id: questionId, message: existing ? MSG.updatedOk : MSG.savedOk };
  });
}

/** Deletes a live row of the actor's firm (and, through its relations, every row below it). */
async function removeRow(
  db: Db,
  registry: SyncRegistry,
  actor: TActor,
  name: string,
  id: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    const def = entityIn(registry, name);
    if (!(await firm.find(def.table as 'holidays', id))) throw notFound();
    await firm.remove(def, id);
  });
}

/**
 * The limitation calculator's calls (part 3 §7, rest-contract 123–133). The calculator's reads are public
 * (no sign-in, rate limited) and read the caller's firm, or for a visitor the site's firm; the administration
 * needs a signed-in admin, and writes through the sync store like a device's push.
 */
export async function limitationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manage = { auth: 'referenceData.manage' } as const;

  app.get(
    '/api/limitation_calculator_cases',
    {
      config: publicRateLimit,
      schema: { response: { 200: z.object({ limitation_calculator_cases: ZRows }) } },
    },
    async (req) => ({
      limitation_calculator_cases: await wireRows(app.db, await toolsFirmId(app, req), 'limitation_cases'),
    }),
  );

  app.post(
    '/api/limitation_calculator_cases',
    {
      config: manage,
      schema: {
        body: ZLimitationCaseBody,
        response: { 200: z.object({ limitation_calculator_case: ZRow, message: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const { id, title, display_order } = req.body;
      const saved = await inTransaction(app.db, async (trx) => {
        const firm = forActor(trx, actor);
        const existing = id ? await firm.find('limitation_cases', id) : undefined;
        if (id && !existing) throw notFound();
        const order =
          display_order ?? existing?.display_order ?? (await firm.nextDisplayOrder('limitation_cases', {}));
        const rowId = existing?.id ?? newId();
        await firm.put(entityIn(app.registry, 'limitation_cases'), rowId, { title, display_order: order });
        return { id: rowId, message: existing ? MSG.updatedOk : MSG.savedOk };
      });
      const [row] = await wireRows(app.db, actor.company_id, 'limitation_cases', { id: saved.id });
      return { limitation_calculator_case: row!, message: saved.message };
    },
  );

  const deletes = [
    ['/api/limitation_calculator_cases/:id', 'limitation_cases'],
    ['/api/delete_limitation_calculator_case_question/:id', 'limitation_questions'],
    ['/api/delete_limitation_calculator_case_answer/:id', 'limitation_answers'],
    ['/api/delete_limitation_calculator_sub_answer/:id', 'limitation_sub_answers'],
  ] as const;
  for (const [path, name] of deletes)
    app.delete(
      path,
      { config: manage, schema: { params: ZIdParams, response: { 200: ZMessageResponse } } },
      async (req) => {
        const { actor } = await req.auth();
        await removeRow(app.db, app.registry, actor, name, req.params.id);
        return { message: MSG.deletedOk };
      },
    );

  app.post(
    '/api/limitation_calculator_case_questions',
    {
      config: publicRateLimit,
      schema: {
        body: ZCaseIdBody,
        response: { 200: z.object({ caseQuestion: ZRow.nullable(), caseQuestionAnswers: ZRows }) },
      },
    },
    async (req) => {
      const companyId = await toolsFirmId(app, req);
      const caseId = req.body.case_id;
      if (!caseId) return { caseQuestion: null, caseQuestionAnswers: [] };
      const [question] = await withCase(
        app.db,
        companyId,
        await wireRows(app.db, companyId, 'limitation_questions', { limitation_calculator_case_id: caseId }),
      );
      const answers = question
        ? await wireRows(app.db, companyId, 'limitation_answers', { question_id: question.id })
        : [];
      return { caseQuestion: question ?? null, caseQuestionAnswers: answers };
    },
  );

  app.post(
    '/api/limitation_calculator_case_sub_answers',
    {
      config: publicRateLimit,
      schema: { body: ZAnserIdBody, response: { 200: z.object({ subAnswers: ZRows }) } },
    },
    async (req) => {
      const companyId = await toolsFirmId(app, req);
      const answerId = req.body.anser_id;
      return {
        subAnswers: answerId
          ? await wireRows(app.db, companyId, 'limitation_sub_answers', { answer_id: answerId })
          : [],
      };
    },
  );

  app.get(
    '/api/get_all_limitation_calculator_case_questions',
    {
      config: { auth: 'referenceData.read' },
      schema: { response: { 200: z.object({ caseQuestions: ZRows }) } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const questions = await wireRows(app.db, actor.company_id, 'limitation_questions');
      return { caseQuestions: await withCase(app.db, actor.company_id, questions) };
    },
  );

  app.post(
    '/api/get_limitation_calculator_case_questionand_answer/by_question_id/',
    {
      config: { auth: 'referenceData.read' },
      schema: { body: ZQuestionIdBody, response: { 200: z.object({ caseQuestion: ZRow }) } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const q = req.body.question_id && (await questionWhole(app.db, actor.company_id, req.body.question_id));
      if (!q) throw notFound();
      return { caseQuestion: q };
    },
  );

  app.post(
    '/api/save_limitation_calculator_case_questions_and_answers',
    {
      config: manage,
      schema: {
        body: ZLimitationQuestionForm,
        response: { 200: z.object({ caseQuestion: ZRow, message: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const saved = await saveQuestion(app.db, app.registry, actor, req.body);
      return {
        caseQuestion: (await questionWhole(app.db, actor.company_id, saved.id))!,
        message: saved.message,
      };
    },
  );

  /**
   * Everything the public calculator and FIR reader read, in one answer a visitor's device keeps for offline
   * use (signed-in users read the same rows from their synced database).
   */
  app.get(
    '/api/public_tools',
    { config: publicRateLimit, schema: { response: { 200: z.record(z.string(), ZRows) } } },
    async (req) => {
      const companyId = await toolsFirmId(app, req);
      const out: Record<string, TWireRow[]> = {};
      for (const name of PUBLIC_TOOLS_ENTITIES) out[name] = await wireRows(app.db, companyId, name);
      return out;
    },
  );
}
