import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { v7 } from 'uuid';
import { can, MSG } from '@lawfirm/shared-types';
import {
  CHALLENGING_DATE,
  DATE_FIELD_LABELS,
  dateFieldLabel,
} from '@lawfirm/shared-types/limitation/limitation-date.ts';
import { ZLimitationQuestionForm } from '@lawfirm/shared-types/limitation/limitation.wire.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import { useEntityRow, useEntityRows, useSync } from '../sync/hooks.ts';
import { SelectField, TextAreaField, TextField } from '../ui/form.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import type { TToolsRow } from './usePublicTools.ts';
import './public-tools.css';

type TSub = { id: string; sub_answer: string; date_field_label: string; days: string; display_order: string };
type TAnswer = { id: string; answer: string; article: string; aka: string; subs: TSub[] };

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const newSub = (): TSub => ({
  id: v7(),
  sub_answer: '',
  date_field_label: CHALLENGING_DATE,
  days: '',
  display_order: '',
});
const newAnswer = (): TAnswer => ({ id: v7(), answer: '', article: '', aka: '', subs: [newSub()] });
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

function QuestionForm({ question, initial }: { question: TToolsRow | null; initial: TAnswer[] }) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const navigate = useNavigate();
  const cases = useEntityRows<TToolsRow>('limitation_cases');
  const [caseId, setCaseId] = useState(text(question?.limitation_calculator_case_id));
  const [q, setQ] = useState(text(question?.question));
  const [answers, setAnswers] = useState<TAnswer[]>(initial.length ? initial : [newAnswer()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setAnswer = (i: number, patch: Partial<TAnswer>) =>
    setAnswers((as) => as.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const setSub = (i: number, k: number, patch: Partial<TSub>) =>
    setAnswer(i, { subs: answers[i]!.subs.map((s, j) => (j === k ? { ...s, ...patch } : s)) });

  const payload = () => ({
    limitation_calculator_case_id: caseId,
    question: q,
    limitation_calculator_answers: answers.map((a, i) => ({
      answer: a.answer,
      article: a.article,
      also_known_as: a.aka
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      display_order: i + 1,
      limitation_calculator_sub_answers: a.subs.map((s, k) => ({
        sub_answer: s.sub_answer,
        date_field_label: s.date_field_label,
        days: s.days.trim() === '' ? null : s.days,
        display_order: s.display_order.trim() === '' ? k + 1 : s.display_order,
      })),
    })),
  });

  const save = async () => {
    const r = ZLimitationQuestionForm.safeParse(payload());
    if (!r.success) {
      const out: Record<string, string> = {};
      for (const issue of r.error.issues) out[issue.path.join('.')] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    if (!ctx) return;
    const db = ctx.db;
    const form = r.data;
    const questionId = question?.id ?? v7();
    const kept = new Set(answers.flatMap((a) => [a.id, ...a.subs.map((s) => s.id)]));
    try {
      await saved(
        async () => {
          // A row's parent is fixed when it is made: an edit sends only its own fields.
          await putLocal(db, 'limitation_questions', questionId, {
            question: form.question,
            ...(question ? {} : { limitation_calculator_case_id: form.limitation_calculator_case_id }),
          });
          for (const [i, a] of form.limitation_calculator_answers.entries()) {
            const answerId = answers[i]!.id;
            const isNew = !initial.some((x) => x.id === answerId);
            const { limitation_calculator_sub_answers: subRows, id: _a, ...values } = a;
            await putLocal(db, 'limitation_answers', answerId, {
              ...values,
              ...(isNew ? { question_id: questionId } : {}),
            });
            for (const [k, s] of subRows.entries()) {
              const subId = answers[i]!.subs[k]!.id;
              const subNew = !initial.some((x) => x.subs.some((y) => y.id === subId));
              const { id: _s, ...subValues } = s;
              await putLocal(db, 'limitation_sub_answers', subId, {
                ...subValues,
                ...(subNew ? { answer_id: answerId } : {}),
              });
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
          e.preventDefault();
          void save();
        }}
      >
        <SelectField
          label="Case"
          required
          value={caseId}
          onChange={setCaseId}
          disabled={!!question}
          placeholder="Select a case"
          options={(cases ?? []).map((c) => ({ value: c.id, label: text(c.title) }))}
          error={errors.limitation_calculator_case_id}
        />
        <TextAreaField label="Question" required value={q} onChange={setQ} error={errors.question} />
        {answers.map((a, i) => (
          <fieldset key={a.id} className="fir-section-row">
            <legend>Answer {i + 1}</legend>
            <TextAreaField
              label="Answer"
              required
              value={a.answer}
              onChange={(v) => setAnswer(i, { answer: v })}
              error={errors[`${path(i)}.answer`]}
            />
            <TextField
              label="Article"
              value={a.article}
              onChange={(v) => setAnswer(i, { article: v })}
              maxLength={20}
            />
            <TextField
              label="Also Known As"
              hint="Common names, separated by commas (e.g. RFA, ICA)"
              value={a.aka}
              onChange={(v) => setAnswer(i, { aka: v })}
            />
            {a.subs.map((s, k) => (
              <fieldset key={s.id} className="fir-section-row">
                <legend>
                  Sub Answer {i + 1}.{k + 1}
                </legend>
                <TextField
                  label="Sub Answer"
                  required
                  value={s.sub_answer}
                  onChange={(v) => setSub(i, k, { sub_answer: v })}
                  error={errors[`${path(i, k)}.sub_answer`]}
                />
                <SelectField
                  label="Date Field Label"
                  value={s.date_field_label}
                  onChange={(v) => setSub(i, k, { date_field_label: v })}
                  options={DATE_FIELD_LABELS.map((l) => ({ value: l, label: l }))}
                  error={errors[`${path(i, k)}.date_field_label`]}
                />
                <TextField
                  label="Days"
                  inputMode="numeric"
                  value={s.days}
                  onChange={(v) => setSub(i, k, { days: v })}
                  error={errors[`${path(i, k)}.days`]}
                />
                <TextField
                  label="Display Order"
                  inputMode="numeric"
                  value={s.display_order}
                  onChange={(v) => setSub(i, k, { display_order: v })}
                  error={errors[`${path(i, k)}.display_order`]}
                />
                <button
                  type="button"
                  className="btn danger"
                  aria-label={`Remove sub answer ${i + 1}.${k + 1}`}
                  onClick={() => setAnswer(i, { subs: a.subs.filter((_, j) => j !== k) })}
                >
                  Remove
                </button>
              </fieldset>
            ))}
            <div className="form-actions tool-actions">
              <button
                type="button"
                className="btn"
                onClick={() => setAnswer(i, { subs: [...a.subs, newSub()] })}
              >
                Add Sub Answer
              </button>
              <button
                type="button"
                className="btn danger"
                aria-label={`Remove answer ${i + 1}`}
                onClick={() => setAnswers((as) => as.filter((_, j) => j !== i))}
              >
                Remove Answer
              </button>
            </div>
          </fieldset>
        ))}
        <div className="form-actions tool-actions">
          <button type="button" className="btn" onClick={() => setAnswers((as) => [...as, newAnswer()])}>
            Add Answer
          </button>
          <button type="submit" className="btn primary">
            {question ? 'Update' : 'Save'}
          </button>
          <Link className="btn" to="/limitation-calculator-case-question">
            Back
          </Link>
        </div>
      </form>
    </section>
  );
}
