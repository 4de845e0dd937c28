import { randomUUID } from 'node:crypto';
import type { FeedbackAnswer } from '../contract/review.js';
import type { ChecklistAnswer } from '../domain/checklist.js';
import type { AppDeps } from '../deps.js';
import { projectSubject, type FeedbackType } from '../domain/project.js';
import type { CommandContext } from './handleCommand.js';
import { runProjectCommand } from './projectCommand.js';
import { notifyTechnician } from './reviewMails.js';

/**
 * Feedback (the spec's older call beside comments): a doctor's through the link, mailed to the
 * technician as their setting says, or the technician's reply. Answers the new entry.
 */
export async function giveFeedback(
  deps: AppDeps,
  input: { projectId: string; feedbackType: FeedbackType; message: string },
  ctx: CommandContext,
): Promise<FeedbackAnswer['feedback']> {
  const { projectId, feedbackType, message } = input;
  const feedbackId = randomUUID();
  const sealed = await deps.keys.seal(projectSubject(projectId), 'message', message);
  const now = deps.now().toISOString();
  const { state } = await runProjectCommand(
    deps,
    projectId,
    { type: 'GiveFeedback', data: { projectId, feedbackId, feedbackType, message: sealed, now } },
    ctx,
  );
  if (feedbackType === 'doctor_feedback') {
    await notifyTechnician(deps, projectId, state, 'feedback', message);
  }
  return { id: feedbackId, type: feedbackType, message, createdAt: now, readAt: null };
}

/** The doctor approves a version (the latest: an older one is refused), then the technician's mail. */
export async function approveProject(
  deps: AppDeps,
  input: {
    projectId: string;
    version: number;
    authorName?: string | undefined;
    checklist?: ChecklistAnswer[] | undefined;
  },
  ctx: CommandContext,
): Promise<void> {
  const { projectId, version, authorName, checklist } = input;
  const approvedBy = authorName
    ? await deps.keys.seal(projectSubject(projectId), 'authorName', authorName)
    : undefined;
  const { state } = await runProjectCommand(
    deps,
    projectId,
    {
      type: 'ApproveProject',
      data: {
        projectId,
        now: deps.now().toISOString(),
        ...(approvedBy ? { approvedBy } : {}),
        version,
        ...(checklist ? { checklist } : {}),
      },
    },
    ctx,
  );
  await notifyTechnician(deps, projectId, state, 'approved');
}

/** The owner has read a doctor's feedback. */
export async function markFeedbackRead(
  deps: AppDeps,
  input: { projectId: string; feedbackId: string },
  ctx: CommandContext,
): Promise<void> {
  const { projectId, feedbackId } = input;
  await runProjectCommand(
    deps,
    projectId,
    { type: 'MarkFeedbackRead', data: { projectId, feedbackId, now: deps.now().toISOString() } },
    ctx,
  );
}
