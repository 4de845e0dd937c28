/**
 * The clinical checklist a lab may ask the doctor to answer with an approval or a change request.
 * The items are what a dentist checks before signing off a design (margins, contacts, occlusion,
 * anatomy, shade); the lab picks which ones a project asks, all of them by default.
 */

export const CHECKLIST_ITEMS = [
  'margins',
  'proximal_contacts',
  'occlusion',
  'anatomy_emergence',
  'shade_material',
] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

export const CHECKLIST_LABELS: Record<ChecklistItem, string> = {
  margins: 'Margins',
  proximal_contacts: 'Proximal contacts',
  occlusion: 'Occlusion',
  anatomy_emergence: 'Anatomy and emergence profile',
  shade_material: 'Shade and material',
};

export const CHECKLIST_ANSWERS = ['acceptable', 'needs_change', 'not_assessed'] as const;
export type ChecklistAnswerValue = (typeof CHECKLIST_ANSWERS)[number];

export const CHECKLIST_ANSWER_LABELS: Record<ChecklistAnswerValue, string> = {
  acceptable: 'Acceptable',
  needs_change: 'Needs change',
  not_assessed: 'Not assessed',
};

/** One answered item as events record it. */
export interface ChecklistAnswer {
  item: ChecklistItem;
  answer: ChecklistAnswerValue;
  /** A pinned comment of the thread that shows where (the pin itself stays with its comment). */
  commentId?: string;
}

/** Order answers as the item list does and keep one answer per item (the last given wins). */
export function normaliseChecklist(answers: readonly ChecklistAnswer[]): ChecklistAnswer[] {
  const byItem = new Map<ChecklistItem, ChecklistAnswer>();
  for (const a of answers) byItem.set(a.item, a);
  return CHECKLIST_ITEMS.flatMap((item) => {
    const a = byItem.get(item);
    return a ? [a] : [];
  });
}

/**
 * Why answers are refused, or null: each item must be one the project asks, and a pointed-to
 * comment must be a top-level comment of the thread.
 */
export function checklistProblem(
  answers: readonly ChecklistAnswer[],
  asked: readonly ChecklistItem[],
  topLevelComment: (id: string) => boolean,
): string | null {
  for (const a of answers) {
    if (!asked.includes(a.item))
      return `This project does not ask about ${CHECKLIST_LABELS[a.item]}`;
    if (a.commentId !== undefined && !topLevelComment(a.commentId)) {
      return `The comment pointed to for ${CHECKLIST_LABELS[a.item]} is not in the conversation`;
    }
  }
  return null;
}
