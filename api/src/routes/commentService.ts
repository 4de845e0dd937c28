import { randomUUID } from 'node:crypto';
import { canonicalEmail } from '../auth/email.js';
import { openWith } from '../crypto/keyRing.js';
import type { AppDeps } from '../deps.js';
import type { AuthorRole, CommentAnchor, CommentCommand, ToolState } from '../domain/comments.js';
import { projectSubject, type ProjectEvent, type ProjectState } from '../domain/project.js';
import { NotFound, ValidationError } from '../errors.js';
import { escapeHtml, MAIL_BODY_STYLE } from '../mail/templates.js';
import type { MailMessage } from '../mail/mailer.js';
import { listThread } from '../../../projections/src/thread/index.js';
import type { ThreadEntry as ThreadEntryDto } from '../contract/comments.js';

export type { ThreadEntry as ThreadEntryDto } from '../contract/comments.js';
import type { CommandContext } from '../commands/handleCommand.js';
import { runProjectCommand } from '../commands/projectCommand.js';
import { publicLinkFor, publicTokenOf } from '../links/projectLinks.js';

export const INVALID_EMAIL = 'Please enter a valid email address';

/**
 * The project's thread, opened with its key. `withEmails`: the owner sees the e-mail a doctor
 * left; the link does not show it (anyone holding the link would otherwise read it).
 */
export async function loadThread(
  deps: AppDeps,
  projectId: string,
  opts: { withEmails: boolean },
): Promise<ThreadEntryDto[]> {
  const subject = projectSubject(projectId);
  const dk = await deps.keys.existingKey(subject);
  if (!dk) throw new NotFound('Project not found');
  const open = (field: string, sealed: string | null) =>
    sealed === null ? null : openWith(dk.key, subject, field, sealed);
  let pins = 0;
  return (await listThread(deps.db, projectId)).map((t) => ({
    id: t.id,
    kind: t.kind,
    parentId: t.parentId,
    author: t.authorRole
      ? {
          role: t.authorRole,
          name: open('authorName', t.authorName),
          ...(opts.withEmails ? { email: open('authorEmail', t.authorEmail) } : {}),
        }
      : null,
    body: open('message', t.body),
    anchor: t.anchor,
    toolState: t.toolState,
    version: t.version,
    pin: t.anchor && t.parentId === null ? ++pins : null,
    status: t.status,
    changesRequested: t.changesRequested,
    createdAt: t.createdAt,
    resolvedAt: t.resolvedAt,
    resolvedBy: t.resolvedBy,
  }));
}

export interface NewCommentInput {
  role: AuthorRole;
  name: string;
  email?: string | undefined;
  body: string;
  parentId?: string | undefined;
  anchor?: CommentAnchor | undefined;
  toolState?: ToolState | undefined;
  /** The version the viewer was showing; undefined: the latest. */
  version?: number | undefined;
}

/** The e-mail a doctor gave, canonical; undefined when none was given; 400 when not an address. */
export function optionalEmail(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const email = canonicalEmail(raw);
  if (!email) throw new ValidationError(INVALID_EMAIL, 'INVALID_EMAIL');
  return email;
}

/** The version the decider wrote on the new comment (the latest when none was named). */
function recordedVersion(events: readonly ProjectEvent[], commentId: string): number | null {
  for (const e of events) {
    if (e.type === 'CommentAdded' && e.data.commentId === commentId) return e.data.version ?? null;
  }
  return null;
}

/** Seals the personal fields, runs AddComment or RequestChanges, and answers the new line. */
export async function addComment(
  deps: AppDeps,
  projectId: string,
  input: NewCommentInput,
  kind: 'AddComment' | 'RequestChanges',
  ctx: CommandContext,
): Promise<{ comment: ThreadEntryDto; state: ProjectState }> {
  const subject = projectSubject(projectId);
  const [name, email, body] = await Promise.all([
    deps.keys.seal(subject, 'authorName', input.name),
    input.email ? deps.keys.seal(subject, 'authorEmail', input.email) : null,
    deps.keys.seal(subject, 'message', input.body),
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
          version: input.version ?? null,
          now,
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
    createdAt: now,
    resolvedAt: null,
    resolvedBy: null,
  };
  return { comment, state };
}

/** Resolve or reopen; a second resolve (also a concurrent one) changes nothing and answers 200. */
export async function setResolved(
  deps: AppDeps,
  projectId: string,
  commentId: string,
  resolved: boolean,
  by: AuthorRole,
  ctx: CommandContext,
): Promise<ThreadEntryDto> {
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

/**
 * The doctor's mail when the lab answers. The subject is a fixed text (never a patient or
 * project name); the body quotes the answer and carries the link.
 */
export function replyMail(to: string, doctor: string, reply: string, link: string): MailMessage {
  const subject = 'The lab answered your comment on Cusp';
  const text = `Hello ${doctor},

The lab answered your comment:

${reply}

Open the case: ${link}
`;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="${MAIL_BODY_STYLE}">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px">Hello ${escapeHtml(doctor)},</p>
<p style="margin:0 0 16px">The lab answered your comment:</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #0f766e;white-space:pre-wrap">${escapeHtml(reply)}</blockquote>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Open the case</a></p>
</body></html>`;
  return { to, subject, text, html };
}

/**
 * Tells the doctors who left an e-mail that the lab answered: under a comment, its doctors
 * (the author and doctors who replied there); a top-level note, every doctor of the thread.
 * Never fails the reply: it is already recorded.
 */
export async function notifyDoctors(
  deps: AppDeps,
  projectId: string,
  reply: ThreadEntryDto,
): Promise<void> {
  try {
    const thread = await loadThread(deps, projectId, { withEmails: true });
    const root = reply.parentId;
    const doctors = new Map<string, string>();
    for (const t of thread) {
      if (t.author?.role !== 'doctor' || !t.author.email) continue;
      if (root !== null && t.id !== root && t.parentId !== root) continue;
      doctors.set(t.author.email, t.author.name ?? '');
    }
    if (doctors.size === 0) return;
    const token = await publicTokenOf(deps, projectId);
    if (!token) return;
    const link = publicLinkFor(deps, token);
    for (const [email, name] of doctors) {
      await deps.outbox.enqueue({
        kind: 'comment-reply',
        subjectId: projectSubject(projectId),
        message: replyMail(email, name || 'Doctor', reply.body ?? '', link),
      });
    }
  } catch (err) {
    deps.log.error({ err, projectId }, 'reply notification failed');
  }
}
