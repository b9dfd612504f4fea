import { Link } from 'react-router';
import { can, MSG } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { deleteLocal } from '../sync/actions.ts';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import { EditDeleteCell } from '../tables/EditDeleteCell.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import type { TToolsRow } from './usePublicTools.ts';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The calculator's questions (part 3 §2.15, /limitation-calculator-case-question): Question, Case, Edit and
 * Delete (deleting a question deletes its answers and sub answers), and "Add Question And Answers".
 */
export function LimitationQuestionsScreen() {
  const ctx = useSync();
  const admin = can(useAuth().actor, 'referenceData.manage');
  const questions = useEntityRows<TToolsRow>('limitation_questions');
  const cases = useEntityRows<TToolsRow>('limitation_cases');
  const caseTitle = new Map((cases ?? []).map((c) => [c.id, text(c.title)]));
  const del = useConfirmedDelete(
    async (q: TToolsRow) => {
      if (ctx) await deleteLocal(ctx.db, 'limitation_questions', q.id);
    },
    MSG.deletedOk,
    () => undefined,
    { detail: (q) => text(q.question) },
  );
  return (
    <section className="page">
      <div className="row-between">
        <h1>Limitation Calculator Questions</h1>
        {admin && (
          <Link className="btn primary" to="/limitation-calculator-questions-answers/create">
            Add Question And Answers
          </Link>
        )}
      </div>
      <ListTable
        caption="Questions"
        columns={['Question', 'Case', 'Actions']}
        loading={questions === undefined}
        empty={!questions?.length}
      >
        {(questions ?? []).map((q) => (
          <tr key={q.id}>
            <td data-label="Question">{text(q.question)}</td>
            <td data-label="Case">{caseTitle.get(text(q.limitation_calculator_case_id)) ?? ''}</td>
            <EditDeleteCell
              name={text(q.question)}
              editTo={admin ? `/limitation-calculator-questions-answers/edit/${q.id}` : null}
              onDelete={admin ? () => del.ask(q) : null}
              busy={del.busy}
            />
          </tr>
        ))}
      </ListTable>
      {del.dialog}
    </section>
  );
}
