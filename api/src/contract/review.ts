import { z } from 'zod';
import { checklistAnswers } from './checklist.js';
import { freeText } from './common.js';
import { projectFeedback } from './projects.js';

/** Non-blank after trimming. The cap keeps one comment a comment. */
export const FEEDBACK_MAX_CHARS = 5000;

const feedbackField = z
  .string()
  .max(FEEDBACK_MAX_CHARS * 2)
  .pipe(freeText({ multiline: true }));

/** A comment: `message` (what the viewer sends) or `feedback` (the spec's payload name). */
export const feedbackBody = z.object({
  message: feedbackField.optional(),
  feedback: feedbackField.optional(),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const feedbackAnswer = z.strictObject({
  success: z.literal(true),
  feedback: projectFeedback,
});
export type FeedbackAnswer = z.infer<typeof feedbackAnswer>;

/** An approval without the version it approves (400 `version_required`). */
export const VERSION_REQUIRED_MESSAGE = 'The approval must name the version approved';

/** The doctor's name as given in the viewer (optional: older clients approve without one). */
export const approveBody = z.object({
  /**
   * The version approved, always: the newest may be one the doctor never saw. An
   * older one than the newest is refused (409 version_superseded, with `latestVersion`).
   */
  version: z.number().int().min(1).max(100_000),
  authorName: z
    .string()
    .max(200)
    .pipe(freeText())
    .pipe(z.string().max(100, 'Name must be at most 100 characters'))
    .optional(),
  /** The clinical checklist as answered (400 `invalid_checklist` for an item not asked). */
  checklist: checklistAnswers.optional(),
});
export type ApproveBody = z.input<typeof approveBody>;

export const approveAnswer = z.strictObject({
  success: z.literal(true),
  status: z.literal('approved'),
});
export type ApproveAnswer = z.infer<typeof approveAnswer>;
