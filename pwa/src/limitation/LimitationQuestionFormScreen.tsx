import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { v7 } from 'uuid';
import { can, MSG } from '@lawfirm/shared-types';
import {
  CHALLENGING_DATE,
  DATE_FIELD_LABELS,
  dateFieldLabel,
} from '@lawfirm/shared-types/limitation/limitation-date.ts';
import {
  limitationAnswersDecl,
  limitationQuestionsDecl,
  limitationSubAnswersDecl,
} from '@lawfirm/shared-types/limitation/limitation.entities.ts';
import { ZLimitationQuestionForm } from '@lawfirm/shared-types/limitation/limitation.wire.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import { useEntityRow, useEntityRows, useSync } from '../sync/hooks.ts';
import { withRowRules, type TDraft, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useFieldRows } from '../ui/forms/useFieldRows.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import type { TToolsRow } from './usePublicTools.ts';
import './public-tools.css';

type TSub = { id: string; sub_answer: string; date_field_label: string; days: string; display_order: string };
type TAnswer = { id: string; answer: string; article: string; aka: string; subs: TSub[] };
/**
 * The rows of the form's two lists (useFieldRows): `key` is the row's own id (made here for a new one), and
 * `id` stays null, since a row taken out goes at once and is deleted only when the form is saved.
 */
type TAnswerRow = { key: string; id: null; answer: string; article: string; aka: string };
type TSubRow = Omit<TSub, 'id'> & { key: string; id: null; answer_key: string };

/** The question's fields, answers' and sub answers', with the rows' own required messages (the declarations). */
const Q_FIELDS: TField[] = withRowRules(limitationQuestionsDecl.schema, [
  { key: 'limitation_calculator_case_id', label: 'Case', kind: 'select', placeholder: 'Select a case' },
  { key: 'question', label: 'Question', kind: 'textarea' },
]);
const [ANSWER, ARTICLE, AKA] = withRowRules(limitationAnswersDecl.schema, [
  { key: 'answer', label: 'Answer', kind: 'textarea' },
  { key: 'article', label: 'Article', maxLength: 20 },
  { key: 'aka', label: 'Also Known As' },
]) as [TField, TField, TField];
const [SUB, LABEL, DAYS, ORDER] = withRowRules(limitationSubAnswersDecl.schema, [
  { key: 'sub_answer', label: 'Sub Answer' },
  {
    key: 'date_field_label',
    label: 'Date Field Label',
    kind: 'select',
    options: DATE_FIELD_LABELS.map((l) => ({ value: l, label: l })),
  },
  { key: 'days', label: 'Days' },
  { key: 'display_order', label: 'Display Order' },
]) as [TField, TField, TField, TField];
// The lists are checked as a whole by the form's schema on save (its messages by path), not row by row.
const NO_ROW_RULES: TField[] = [];

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const newSub = (answerKey: string): TSubRow => ({
  key: v7(),
  id: null,
  answer_key: answerKey,
  sub_answer: '',
  date_field_label: CHALLENGING_DATE,
  days: '',
  display_order: '',
});
const newAnswer = (): TAnswerRow => ({ key: v7(), id: null, answer: '', article: '', aka: '' });
const byOrder = (a: TToolsRow, b: TToolsRow) => Number(a.display_order ?? 0) - Number(b.display_order ?? 0);

/** Add / Edit Question And Answers (part 3 §2.15): admins only; loads the question with its answers. */
export function LimitationQuestionFormScreen() {
  const { question_id: id } = useParams();
  const admin = can(useAuth().actor, 'referenceData.manage');
  const question = useEntityRow<TToolsRow>('limitation_questions', id);
  const answers = useEntityRows<TToolsRow>('limitation_answers', id ? { question_id: id } : null);
  const subs = useEntityRows<TToolsRow>('limitation_sub_answers');
  if (!admin)
    return (
      <section className="page">
        <p role="alert">You do not have access to this page.</p>
      </section>
    );
  if (id && (question === undefined || answers === undefined || subs === undefined))
    return <p role="status">Loading....</p>;
  if (id && !question)
    return (
      <section className="page">
        <p role="alert">{MSG.notFound}</p>
        <Link to="/limitation-calculator-case-question">Back</Link>
      </section>
    );
  const initial: TAnswer[] = [...(answers ?? [])].sort(byOrder).map((a) => ({
    id: a.id,
    answer: text(a.answer),
    article: text(a.article),
    aka: ((a.also_known_as as string[] | null) ?? []).join(', '),
    subs: (subs ?? [])
      .filter((s) => s.answer_id === a.id)
      .sort(byOrder)
      .map((s) => ({
        id: s.id,
        sub_answer: text(s.sub_answer),
        // A row pulled before the label's spelling was fixed shows under the label it now has.
        date_field_label: text(dateFieldLabel(s.date_field_label)),
        days: text(s.days),
        display_order: text(s.display_order),
      })),
  }));
  return <QuestionForm key={id ?? 'new'} question={question ?? null} initial={initial} />;
}

/** The form as ZLimitationQuestionForm reads it (the old client's shape): a sub answer's order by default its place. */
function payloadOf(draft: TDraft, answerRows: readonly TAnswerRow[], subRows: readonly TSubRow[]) {
  return {
    limitation_calculator_case_id: draft.limitation_calculator_case_id ?? '',
    question: draft.question ?? '',
    limitation_calculator_answers: answerRows.map((a, i) => ({
      answer: a.answer,
      article: a.article,
      also_known_as: a.aka
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      display_order: i + 1,
      limitation_calculator_sub_answers: subRows
        .filter((s) => s.answer_key === a.key)
        .map((s, k) => ({
          sub_answer: s.sub_answer,
          date_field_label: s.date_field_label,
          days: s.days.trim() === '' ? null : s.days,
          display_order: s.display_order.trim() === '' ? k + 1 : s.display_order,
        })),
    })),
  };
}

/** Each row's values as stored (the question under '', answers and sub answers by key); empty when not valid. */
function storedByKey(
  form: ReturnType<typeof payloadOf>,
  answerRows: readonly TAnswerRow[],
  subRows: readonly TSubRow[],
): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const r = ZLimitationQuestionForm.safeParse(form);
  if (!r.success) return out;
  out.set('', { question: r.data.question });
  for (const [i, a] of r.data.limitation_calculator_answers.entries()) {
    const key = answerRows[i]!.key;
    const { limitation_calculator_sub_answers: subs, id: _a, ...values } = a;
    out.set(key, values);
    const mine = subRows.filter((s) => s.answer_key === key);
    for (const [k, sub] of subs.entries()) {
      const { id: _s, ...subValues } = sub;
      out.set(mine[k]!.key, subValues);
    }
  }
  return out;
}

/** Only what changed since the form opened (everything for a row it did not have); lists compared by content. */
const changedOf = (before: Record<string, unknown> | undefined, after: Record<string, unknown>) =>
  before
    ? Object.fromEntries(
        Object.entries(after).filter(
          ([k, v]) => JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null),
        ),
      )
    : after;

function QuestionForm({ question, initial }: { question: TToolsRow | null; initial: TAnswer[] }) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const navigate = useNavigate();
  const cases = useEntityRows<TToolsRow>('limitation_cases');
  const answers = useFieldRows<TAnswerRow>(NO_ROW_RULES, () =>
    initial.length
      ? initial.map((a) => ({ key: a.id, id: null, answer: a.answer, article: a.article, aka: a.aka }))
      : [newAnswer()],
  );
  const subs = useFieldRows<TSubRow>(NO_ROW_RULES, () =>
    initial.length
      ? initial.flatMap((a) => a.subs.map(({ id, ...s }) => ({ ...s, key: id, id: null, answer_key: a.id })))
      : answers.rows.map((a) => newSub(a.key)),
  );
  const form = useFieldForm(
    Q_FIELDS,
    () => ({
      limitation_calculator_case_id: text(question?.limitation_calculator_case_id),
      question: text(question?.question),
    }),
    { dirty: answers.dirty || subs.dirty },
  );
  // The schema's messages from the last save tried, by path (the lists have no field of the form's own).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const subsOf = (answerKey: string) => subs.rows.filter((s) => s.answer_key === answerKey);

  const payload = () => payloadOf(form.draft, answers.rows, subs.rows);
  // What each row held as the form opened, as a save would store it: an edit sends only what changed.
  const [before] = useState(() =>
    storedByKey(payloadOf(form.draft, answers.rows, subs.rows), answers.rows, subs.rows),
  );

  /** Every message of the form's schema shown at once; the checked form when there is none. */
  const check = () => {
    const r = ZLimitationQuestionForm.safeParse(payload());
    const out: Record<string, string> = {};
    if (!r.success) for (const issue of r.error.issues) out[issue.path.join('.')] ??= issue.message;
    setErrors(out);
    return r.success ? r.data : null;
  };

  const save = async () => {
    const checked = check();
    if (!checked) throw new Error('The form has messages to fix');
    if (!ctx) throw new Error('The local database is not open yet.');
    const db = ctx.db;
    const questionId = question?.id ?? v7();
    const kept = new Set([...answers.rows.map((a) => a.key), ...subs.rows.map((s) => s.key)]);
    try {
      await saved(
        async () => {
          // A row's parent is fixed when it is made; an edit sends only the fields it changed, so another
          // device's edit of another field merges.
          const q = question
            ? changedOf(before.get(''), { question: checked.question })
            : {
                question: checked.question,
                limitation_calculator_case_id: checked.limitation_calculator_case_id,
              };
          if (Object.keys(q).length) await putLocal(db, 'limitation_questions', questionId, q);
          for (const [i, a] of checked.limitation_calculator_answers.entries()) {
            const answerId = answers.rows[i]!.key;
            const isNew = !initial.some((x) => x.id === answerId);
            const { limitation_calculator_sub_answers: subRows, id: _a, ...values } = a;
            const answerPatch = isNew
              ? { ...values, question_id: questionId }
              : changedOf(before.get(answerId), values);
            if (Object.keys(answerPatch).length)
              await putLocal(db, 'limitation_answers', answerId, answerPatch);
            for (const [k, s] of subRows.entries()) {
              const subId = subsOf(answerId)[k]!.key;
              const subNew = !initial.some((x) => x.subs.some((y) => y.id === subId));
              const { id: _s, ...subValues } = s;
              const subPatch = subNew
                ? { ...subValues, answer_id: answerId }
                : changedOf(before.get(subId), subValues);
              if (Object.keys(subPatch).length) await putLocal(db, 'limitation_sub_answers', subId, subPatch);
            }
          }
          // Answers and sub answers taken out of the form are deleted.
          for (const a of initial) {
            if (!kept.has(a.id)) await deleteLocal(db, 'limitation_answers', a.id);
            else
              for (const s of a.subs)
                if (!kept.has(s.id)) await deleteLocal(db, 'limitation_sub_answers', s.id);
          }
        },
        question ? MSG.updatedOk : MSG.savedOk,
      );
      await navigate('/limitation-calculator-case-question');
    } catch (e) {
      toast.failed(e);
      throw e;
    }
  };

  const path = (i: number, k?: number) =>
    `limitation_calculator_answers.${i}${k === undefined ? '' : `.limitation_calculator_sub_answers.${k}`}`;
  return (
    <section className="page">
      <h1>{question ? 'Edit Question And Answers' : 'Add Question And Answers'}</h1>
      <form
        className="card form limitation-question-form"
        noValidate
        onSubmit={(e) => {
          // The lists' messages show with the fields' own, all at once.
          check();
          form.submit(save)(e);
        }}
      >
        <Field
          {...form.bind('limitation_calculator_case_id')}
          field={{
            ...form.bind('limitation_calculator_case_id').field,
            options: (cases ?? []).map((c) => ({ value: c.id, label: text(c.title) })),
          }}
          disabled={!!question}
          error={form.errors.limitation_calculator_case_id ?? errors.limitation_calculator_case_id}
        />
        <Field {...form.bind('question')} error={form.errors.question ?? errors.question} />
        {answers.rows.map((a, i) => (
          <fieldset key={a.key} className="fir-section-row">
            <legend>Answer {i + 1}</legend>
            <Field
              field={ANSWER}
              value={a.answer}
              onChange={(v) => answers.edit(a.key, { answer: v })}
              error={errors[`${path(i)}.answer`]}
            />
            <Field field={ARTICLE} value={a.article} onChange={(v) => answers.edit(a.key, { article: v })} />
            <Field
              field={AKA}
              hint="Common names, separated by commas (e.g. RFA, ICA)"
              value={a.aka}
              onChange={(v) => answers.edit(a.key, { aka: v })}
            />
            {subsOf(a.key).map((s, k) => (
              <fieldset key={s.key} className="fir-section-row">
                <legend>
                  Sub Answer {i + 1}.{k + 1}
                </legend>
                <Field
                  field={SUB}
                  value={s.sub_answer}
                  onChange={(v) => subs.edit(s.key, { sub_answer: v })}
                  error={errors[`${path(i, k)}.sub_answer`]}
                />
                <Field
                  field={LABEL}
                  value={s.date_field_label}
                  onChange={(v) => subs.edit(s.key, { date_field_label: v })}
                  error={errors[`${path(i, k)}.date_field_label`]}
                />
                <Field
                  field={DAYS}
                  inputMode="numeric"
                  value={s.days}
                  onChange={(v) => subs.edit(s.key, { days: v })}
                  error={errors[`${path(i, k)}.days`]}
                />
                <Field
                  field={ORDER}
                  inputMode="numeric"
                  value={s.display_order}
                  onChange={(v) => subs.edit(s.key, { display_order: v })}
                  error={errors[`${path(i, k)}.display_order`]}
                />
                <button
                  type="button"
                  className="btn danger"
                  aria-label={`Remove sub answer ${i + 1}.${k + 1}`}
                  onClick={() => subs.remove(s)}
                >
                  Remove
                </button>
              </fieldset>
            ))}
            <div className="form-actions tool-actions">
              <button type="button" className="btn" onClick={() => subs.add(newSub(a.key))}>
                Add Sub Answer
              </button>
              <button
                type="button"
                className="btn danger"
                aria-label={`Remove answer ${i + 1}`}
                onClick={() => {
                  for (const sub of subsOf(a.key)) subs.remove(sub);
                  answers.remove(a);
                }}
              >
                Remove Answer
              </button>
            </div>
          </fieldset>
        ))}
        <div className="form-actions tool-actions">
          <button
            type="button"
            className="btn"
            onClick={() => {
              const answer = newAnswer();
              answers.add(answer);
              subs.add(newSub(answer.key));
            }}
          >
            Add Answer
          </button>
          <button type="submit" className="btn primary" disabled={form.submitting}>
            {question ? 'Update' : 'Save'}
          </button>
          <Link className="btn" to="/limitation-calculator-case-question">
            Back
          </Link>
        </div>
      </form>
      {form.dialog}
    </section>
  );
}
