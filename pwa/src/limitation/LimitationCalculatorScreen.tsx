import { useEffect, useMemo, useRef } from 'react';
import { can, formatDate, parseDisplayDate } from '@lawfirm/shared-types';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import {
  CHALLENGING_DATE,
  DATE_FIELD_LABELS,
  dateFieldLabel,
  HOLIDAY_NOTE,
  limitationLastDate,
  MSG_CHECK_DATES,
  periodText,
  type TDateFieldLabel,
  type THoliday,
} from '@lawfirm/shared-types/limitation/limitation-date.ts';
import { DATE_MASK, type TDraft, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { saveFile } from '../pdf/save-file.ts';
import { RemindMeButton } from '../calendar/RemindMeButton.tsx';
import { usePublicTools, type TToolsRow } from './usePublicTools.ts';
import './public-tools.css';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';

/**
 * The calculator's fields: a case, a search of its answers, the answer, and a date per sub answer (keyed by
 * its label; typed dd/mm/yyyy and read only once whole, so a half-typed date shows no message).
 */
const CASE: TField = { key: 'case_id', label: 'Case', kind: 'select', placeholder: 'Select a case' };
const SEARCH: TField = { key: 'search', label: 'Search' };
const ANSWER: TField = { key: 'answer_id', label: 'Answer', kind: 'select' };
const DATE_FIELDS: TField[] = DATE_FIELD_LABELS.map((l) => ({ key: l, label: l, mask: DATE_MASK }));
const FIELDS = [CASE, SEARCH, ANSWER, ...DATE_FIELDS];
const NO_DATES: TDraft = Object.fromEntries(DATE_FIELD_LABELS.map((l) => [l, '']));
const EMPTY: TDraft = { case_id: '', search: '', answer_id: '', ...NO_DATES };

/** The Limitation Act, 1908 on the Pakistan Code, the official text of federal laws. */
export const LIMITATION_ACT_URL = 'https://pakistancode.gov.pk/english/';

const byOrder = (a: TToolsRow, b: TToolsRow) =>
  Number(a.display_order ?? 0) - Number(b.display_order ?? 0) || compareCodes(String(a.id), String(b.id));

/** An answer as the dropdown lists it: its article and text, with its common names (RFA, ICA…). */
export function answerLabel(a: TToolsRow): string {
  const aka = (a.also_known_as as string[] | null) ?? [];
  const art = typeof a.article === 'string' && a.article ? `Art. ${a.article}: ` : '';
  return `${art}${String(a.answer)}${aka.length ? ` (${aka.join(', ')})` : ''}`;
}

/**
 * Does an answer match what was typed? Every typed word must begin a word of the answer, so "ICA" finds the
 * Intra Court Appeal and not every "application", and "intra court" finds it too.
 */
export function matchesSearch(label: string, query: string): boolean {
  const words = label
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .every((q) => words.some((w) => w.startsWith(q)));
}

/** A calendar entry for the last date (offline, any phone's calendar takes it): "Click to remind me". */
function reminderFile(lastDate: string, title: string): Uint8Array {
  const day = lastDate.replace(/-/g, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//eLawFirm//Limitation Calculator//EN',
    'BEGIN:VEVENT',
    `UID:limitation-${day}-${Date.now()}@elawfirm`,
    `DTSTAMP:${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
    `DTSTART;VALUE=DATE:${day}`,
    `SUMMARY:Last date of filing: ${title.replace(/[\r\n,;]/g, ' ').slice(0, 200)}`,
    'BEGIN:VALARM',
    'TRIGGER:-P3D',
    'ACTION:DISPLAY',
    'DESCRIPTION:Last date of filing',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return new TextEncoder().encode(lines.join('\r\n'));
}

/**
 * The limitation calculator (part 3 §2.15, §9): a case kind, its question answered through a searchable list
 * of the Limitation Act's articles, a date for each sub answer, and the last date of filing with its working
 * (each term added, each day moved) so a lawyer can check it. Works offline (usePublicTools).
 */
export function LimitationCalculatorScreen() {
  const { data, error } = usePublicTools();
  const admin = can(useAuth().actor, 'referenceData.manage');
  // A working-out, not a record: leaving the calculator never asks.
  const form = useFieldForm(FIELDS, EMPTY, { unguarded: true });
  const { draft: dates } = form;
  const caseId = dates.case_id ?? '';
  const search = dates.search ?? '';
  const answerId = dates.answer_id ?? '';

  const cases = useMemo(() => [...(data?.limitation_cases ?? [])].sort(byOrder), [data]);
  const chosenCase = cases.find((c) => c.id === caseId);
  const question = data?.limitation_questions.find((q) => q.limitation_calculator_case_id === caseId);
  const answers = useMemo(
    () =>
      (data?.limitation_answers ?? []).filter((a) => question && a.question_id === question.id).sort(byOrder),
    [data, question],
  );
  const shown = search.trim() ? answers.filter((a) => matchesSearch(answerLabel(a), search)) : answers;
  const answer = answers.find((a) => a.id === answerId);
  // A visitor's snapshot kept from before the label's spelling was fixed reads as it is now.
  const subs = (data?.limitation_sub_answers ?? [])
    .filter((s) => answer && s.answer_id === answer.id)
    .sort(byOrder)
    .map((s): TToolsRow => ({ ...s, date_field_label: dateFieldLabel(s.date_field_label) }));
  const days = subs.find((s) => s.date_field_label === CHALLENGING_DATE)?.days ?? subs[0]?.days ?? null;
  const holidays = (data?.holidays ?? []) as unknown as THoliday[];

  const iso = (label: TDateFieldLabel) => {
    const text = dates[label];
    return text && text.length === 10 ? parseDisplayDate(text) : null;
  };
  const typedBad = DATE_FIELD_LABELS.some((l) => {
    const t = dates[l];
    return t && t.length === 10 && !parseDisplayDate(t);
  });
  const result =
    answer && iso(CHALLENGING_DATE)
      ? limitationLastDate({
          days: days as number | null,
          challengingDate: iso(CHALLENGING_DATE),
          orderDate: iso('Order Date'),
          preparedDate: iso('Prepared Date'),
          holidays,
        })
      : null;
  // Once every date asked for is typed, the last date comes into view (on a phone it is below the fields).
  const lastRef = useRef<HTMLElement>(null);
  const lastDate = result?.ok ? result.lastDate : null;
  const allTyped = subs.every((s) => (dates[s.date_field_label as TDateFieldLabel] ?? '').length === 10);
  useEffect(() => {
    if (lastDate && allTyped) lastRef.current?.scrollIntoView({ block: 'center' });
  }, [lastDate, allTyped]);
  const period = chosenCase && answer ? periodText(String(chosenCase.title), days as number | null) : null;

  const chooseCase = (id: string) => {
    // No case chosen hides everything below and clears the result (part 3 §4).
    form.patch({ ...EMPTY, case_id: id });
  };

  return (
    <section className="page limitation-calculator">
      <h1>Limitation Calculator</h1>
      {admin && (
        <nav aria-label="Calculator administration" className="form-actions tool-actions">
          <Link className="btn" to="/limitation-calculator-index">
            Cases
          </Link>
          <Link className="btn" to="/limitation-calculator-case-question">
            Questions
          </Link>
          <Link className="btn" to="/limitation-holidays">
            Holidays
          </Link>
        </nav>
      )}
      {!data && <p role="status">{error ?? 'Loading....'}</p>}
      {data && (
        <form className="form" onSubmit={(e) => e.preventDefault()}>
          <Field
            {...form.bind(CASE.key)}
            field={{ ...CASE, options: cases.map((c) => ({ value: c.id, label: String(c.title) })) }}
            onChange={chooseCase}
          />
          {question && (
            <>
              <Field
                type="search"
                hint="Words of the article, or a common name such as RFA or ICA"
                {...form.bind(SEARCH.key)}
              />
              <Field
                {...form.bind(ANSWER.key)}
                field={{
                  ...ANSWER,
                  label: String(question.question),
                  placeholder: shown.length ? 'Select an answer' : 'No Record Found!',
                  options: shown.map((a) => ({ value: a.id, label: answerLabel(a) })),
                }}
                onChange={(id) => form.patch({ ...NO_DATES, answer_id: id })}
              />
            </>
          )}
          {answer && <p className="chosen-answer">{answerLabel(answer)}</p>}
          {answer && days === null && (
            <p role="status">The period of limitation is not set for this article.</p>
          )}
          {subs.map((s) => {
            const label = s.date_field_label as TDateFieldLabel;
            return (
              <Field
                key={s.id}
                inputMode="numeric"
                placeholder="dd/mm/yyyy"
                hint={String(s.sub_answer)}
                {...form.bind(label)}
              />
            );
          })}
        </form>
      )}
      {(typedBad || (result && !result.ok && result.message === MSG_CHECK_DATES)) && (
        <p role="alert" className="form-error">
          {MSG_CHECK_DATES}
        </p>
      )}
      {result?.ok && (
        <div className="limitation-result" aria-live="polite">
          <h2>Result</h2>
          <dl>
            {period && (
              <>
                <dt>Time Period</dt>
                <dd>{period}</dd>
              </>
            )}
            <dt>Last Date of Filing</dt>
            <dd data-testid="last-date" ref={lastRef}>
              {formatDate(result.lastDate)}
            </dd>
          </dl>
          <h3>How it is worked out</h3>
          <ol className="working">
            {result.steps.map((s, i) => (
              <li key={i}>{s.text}</li>
            ))}
          </ol>
          {result.notes.map((n) => (
            <p key={n} className="holiday-note">
              {n}
            </p>
          ))}
          <p className="field-hint">{HOLIDAY_NOTE}</p>
          <RemindMeButton
            date={result.lastDate}
            title={`Last date of filing: ${answerLabel(answer!)}`}
            summary={period ? `Time Period: ${period}` : null}
            download={() =>
              saveFile(
                reminderFile(result.lastDate, answerLabel(answer!)),
                `Last date ${formatDate(result.lastDate).replace(/\//g, '-')}.ics`,
                'text/calendar',
              )
            }
          />
        </div>
      )}
      {result && !result.ok && result.message !== MSG_CHECK_DATES && <p role="status">{result.message}</p>}
      <p>
        Reference:{' '}
        <a className="tap-link" href={LIMITATION_ACT_URL} target="_blank" rel="noopener noreferrer">
          The Limitation Act, 1908 (Pakistan Code)
        </a>
      </p>
    </section>
  );
}
