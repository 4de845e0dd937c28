import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import { normaliseChecklist, type ChecklistAnswer } from '../domain/checklist.js';
import {
  COMMENT_PIN_FIELD,
  pinPlaceText,
  TOOL_STATE_FIELD,
  type AuthorRole,
  type CommentAnchor,
  type CommentCommand,
  type ToolState,
} from '../domain/comments.js';
import { projectSubject, type ProjectEvent, type ProjectState } from '../domain/project.js';
import { NotFound } from '../errors.js';
import { loadThread, type ThreadEntryDto } from '../reads/thread.js';
import { publicUser } from '../reads/users.js';
import type { CommandContext } from './handleCommand.js';
import { runProjectCommand } from './projectCommand.js';
import { notifyDoctors, notifyTechnician } from './reviewMails.js';

export interface NewCommentInput {
  name: string;
  /** Canonical; a doctor's only (undefined when none was given). */
  email?: string | undefined;
  body: string;
  parentId?: string | undefined;
  anchor?: CommentAnchor | undefined;
  toolState?: ToolState | undefined;
  /** The version the viewer was showing; undefined: the latest. */
  version?: number | undefined;
  /** Answered with a change request only. */
  checklist?: ChecklistAnswer[] | undefined;
}

/**
 * A doctor's comment through the link — `RequestChanges` also asks for changes — then the
 * technician's mail (for a comment as their setting says; a request for changes at once).
 */
export async function addDoctorComment(
  deps: AppDeps,
  projectId: string,
  input: NewCommentInput,
  kind: 'AddComment' | 'RequestChanges',
  ctx: CommandContext,
): Promise<ThreadEntryDto> {
  const r = await addComment(deps, projectId, { ...input, role: 'doctor' }, kind, ctx);
  await notifyTechnician(
    deps,
    projectId,
    r.state,
    kind === 'AddComment' ? 'feedback' : 'changes',
    input.body,
  );
  return r.comment;
}

/**
 * The owner's comment or reply, signed with the owner's name (an admin writing for the owner
 * too), then a mail to the doctors it answers.
 */
export async function addTechnicianComment(
  deps: AppDeps,
  input: { projectId: string; ownerId: string } & Omit<NewCommentInput, 'name' | 'email'>,
  ctx: CommandContext,
): Promise<ThreadEntryDto> {
  const { projectId, ownerId, ...comment } = input;
  const owner = await publicUser(deps, ownerId);
  if (!owner) throw new NotFound('Project not found');
  const r = await addComment(
    deps,
    projectId,
    { ...comment, name: owner.name, role: 'technician' },
    'AddComment',
    ctx,
  );
  await notifyDoctors(deps, projectId, r.comment);
  return r.comment;
}

/** The version the decider wrote on the new comment (the latest when none was named). */
function recordedVersion(events: readonly ProjectEvent[], commentId: string): number | null {
  for (const e of events) {
    if (e.type === 'CommentAdded' && e.data.commentId === commentId) return e.data.version ?? null;
  }
  return null;
}

/**
 * Seals the personal fields, the pin's place and the saved view, runs AddComment or
 * RequestChanges, and answers the new line.
 */
async function addComment(
  deps: AppDeps,
  projectId: string,
  input: NewCommentInput & { role: AuthorRole },
  kind: 'AddComment' | 'RequestChanges',
  ctx: CommandContext,
): Promise<{ comment: ThreadEntryDto; state: ProjectState }> {
  const subject = projectSubject(projectId);
  const [name, email, body, place, toolState] = await Promise.all([
    deps.keys.seal(subject, 'authorName', input.name),
    input.email ? deps.keys.seal(subject, 'authorEmail', input.email) : null,
    deps.keys.seal(subject, 'message', input.body),
    input.anchor ? deps.keys.seal(subject, COMMENT_PIN_FIELD, pinPlaceText(input.anchor)) : null,
    input.toolState
      ? deps.keys.seal(subject, TOOL_STATE_FIELD, JSON.stringify(input.toolState))
      : null,
  ]);
  const commentId = randomUUID();
  const now = deps.now().toISOString();
  const { state, events } = await runProjectCommand(
    deps,
    projectId,
    () =>
      ({
        type: kind,
        data: {
          projectId,
          commentId,
          parentId: input.parentId ?? null,
          author: { role: input.role, name, email },
          body,
          anchor: input.anchor ?? null,
          toolState: input.toolState ?? null,
          sealed: { place, toolState },
          version: input.version ?? null,
          now,
          ...(kind === 'RequestChanges' && input.checklist ? { checklist: input.checklist } : {}),
        },
      }) satisfies CommentCommand,
    ctx,
  );
  const thread = await loadThread(deps, projectId, { withEmails: input.role === 'technician' });
  // The read models normally hold it already; on a lagging projection (a busy machine) the
  // answer is built from what was recorded — the comment is stored either way.
  const comment = thread.find((t) => t.id === commentId) ?? {
    id: commentId,
    kind: 'comment' as const,
    parentId: input.parentId ?? null,
    author: {
      role: input.role,
      name: input.name,
      ...(input.role === 'technician' ? { email: input.email ?? null } : {}),
    },
    body: input.body,
    anchor: input.anchor ?? null,
    toolState: input.toolState ?? null,
    version: recordedVersion(events, commentId),
    pin: input.anchor
      ? thread.filter((t) => t.anchor !== null && t.parentId === null).length + 1
      : null,
    status: null,
    changesRequested: kind === 'RequestChanges',
    checklist: input.checklist?.length ? normaliseChecklist(input.checklist) : null,
    createdAt: now,
    resolvedAt: null,
    resolvedBy: null,
  };
  return { comment, state };
}

/** Resolve or reopen; a second resolve (also a concurrent one) changes nothing and answers 200. */
export async function setResolved(
  deps: AppDeps,
  input: { projectId: string; commentId: string; resolved: boolean; by: AuthorRole },
  ctx: CommandContext,
): Promise<ThreadEntryDto> {
  const { projectId, commentId, resolved, by } = input;
  await runProjectCommand(
    deps,
    projectId,
    () => ({
      type: resolved ? 'ResolveComment' : 'ReopenComment',
      data: { projectId, commentId, by, now: deps.now().toISOString() },
    }),
    ctx,
  );
  const thread = await loadThread(deps, projectId, { withEmails: by === 'technician' });
  const comment = thread.find((t) => t.id === commentId);
  if (!comment) throw new NotFound('Comment not found');
  return comment;
}
