import { useId } from 'react';
import './checklist.css';
import type { ChecklistAnswerDto, ThreadEntry as ThreadEntryDto } from '../../api/contract';
import {
  CHECKLIST_ANSWER_LABELS,
  CHECKLIST_ANSWERS,
  CHECKLIST_LABELS,
  type ChecklistAnswerValue,
  type ChecklistItem,
} from '../../../../api/src/domain/checklist';

/** The doctor's answers being written: item → answer and the pinned comment it points to. */
export type ChecklistDraft = Partial<
  Record<ChecklistItem, { answer: ChecklistAnswerValue; commentId?: string }>
>;

/** The answers given, in item order; items left unanswered are not sent. */
export function checklistAnswersOf(
  items: readonly ChecklistItem[],
  draft: ChecklistDraft,
): ChecklistAnswerDto[] {
  return items.flatMap((item) => {
    const a = draft[item];
    return a
      ? [{ item, answer: a.answer, ...(a.commentId ? { commentId: a.commentId } : {}) }]
      : [];
  });
}

export interface ChecklistFieldsProps {
  items: readonly ChecklistItem[];
  draft: ChecklistDraft;
  onChange: (draft: ChecklistDraft) => void;
  /** The thread's pinned top-level comments an answer may point to. */
  pinned: readonly ThreadEntryDto[];
}

/**
 * The clinical checklist the lab asks: per item Acceptable / Needs change / Not assessed as a
 * radio group (arrow keys move within it), and, when the thread has pins, which pin shows where.
 */
export function ChecklistFields({ items, draft, onChange, pinned }: ChecklistFieldsProps) {
  const base = useId();
  return (
    <fieldset className="vchecklist" data-testid="checklist">
      <legend className="vchecklist__legend">Clinical checklist (optional)</legend>
      {items.map((item) => {
        const current = draft[item];
        const set = (next: { answer: ChecklistAnswerValue; commentId?: string }) =>
          onChange({ ...draft, [item]: next });
        return (
          <div key={item} className="vchecklist__item" data-testid={`checklist-${item}`}>
            <div className="vchecklist__name" id={`${base}-${item}`}>
              {CHECKLIST_LABELS[item]}
            </div>
            <div
              className="vchecklist__answers"
              role="radiogroup"
              aria-labelledby={`${base}-${item}`}
            >
              {CHECKLIST_ANSWERS.map((answer) => (
                <label
                  key={answer}
                  className={`vchecklist__answer vchecklist__answer--${answer}${current?.answer === answer ? ' is-on' : ''}`}
                >
                  <input
                    type="radio"
                    name={`${base}-${item}`}
                    value={answer}
                    checked={current?.answer === answer}
                    onChange={() => set({ ...current, answer })}
                  />
                  {CHECKLIST_ANSWER_LABELS[answer]}
                </label>
              ))}
            </div>
            {current && pinned.length > 0 ? (
              <label className="vchecklist__pin">
                <span>Pin</span>
                <select
                  value={current.commentId ?? ''}
                  onChange={(e) => {
                    const commentId = e.currentTarget.value;
                    set({ answer: current.answer, ...(commentId ? { commentId } : {}) });
                  }}
                >
                  <option value="">None</option>
                  {pinned.map((c) => (
                    <option key={c.id} value={c.id}>
                      {`Pin ${c.pin} · ${(c.body ?? '').slice(0, 40)}`}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The answers on a thread line: "Margins: Acceptable (pin 2)", one per item. */
export function ChecklistSummary({
  answers,
  pins,
}: {
  answers: readonly ChecklistAnswerDto[];
  /** comment id → its pin number. */
  pins: ReadonlyMap<string, number>;
}) {
  return (
    <ul
      className="vchecklist-summary"
      data-testid="checklist-summary"
      aria-label="Clinical checklist"
    >
      {answers.map((a) => {
        const pin = a.commentId ? pins.get(a.commentId) : undefined;
        return (
          <li
            key={a.item}
            className={`vchecklist-summary__item vchecklist-summary__item--${a.answer}`}
          >
            <span>{CHECKLIST_LABELS[a.item]}</span>: {CHECKLIST_ANSWER_LABELS[a.answer]}
            {pin ? ` (pin ${pin})` : ''}
          </li>
        );
      })}
    </ul>
  );
}
