import { z } from 'zod';
import { CHECKLIST_ANSWERS, CHECKLIST_ITEMS } from '../domain/checklist.js';

/** The clinical checklist: which items a project asks, and the doctor's answers. */

export const checklistItem = z.enum(CHECKLIST_ITEMS);

/** One answer; `commentId` points to a pinned comment that shows where. */
export const checklistAnswer = z.strictObject({
  item: checklistItem,
  answer: z.enum(CHECKLIST_ANSWERS),
  commentId: z.uuid({ message: 'invalid comment id' }).optional(),
});
export type ChecklistAnswerDto = z.infer<typeof checklistAnswer>;

/** Sent with an approval or a change request; each asked item at most once. */
export const checklistAnswers = z
  .array(checklistAnswer)
  .max(CHECKLIST_ITEMS.length)
  .refine((a) => new Set(a.map((x) => x.item)).size === a.length, 'Each item may be answered once');

/** `PUT /api/projects/{id}/checklist`: the items to ask (empty: no checklist). */
export const checklistBody = z.strictObject({
  items: z.array(checklistItem).max(CHECKLIST_ITEMS.length),
});
export type ChecklistBody = z.input<typeof checklistBody>;

export const checklistAnswer200 = z.strictObject({ checklist: z.array(checklistItem) });
export type ChecklistChoiceAnswer = z.infer<typeof checklistAnswer200>;
