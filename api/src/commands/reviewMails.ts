import type { AppDeps } from '../deps.js';
import { PUBLIC_USER_ID, projectSubject, type ProjectState } from '../domain/project.js';
import { userSubject } from '../domain/user.js';
import { publicLinkFor, publicTokenOf } from '../links/projectLinks.js';
import {
  commentDigestMail,
  replyMail,
  reviewMail,
  type ReviewMailKind,
} from '../mail/projectMails.js';
import { loadProjects } from '../reads/projects.js';
import { loadThread, type ThreadEntryDto } from '../reads/thread.js';
import { userContact } from '../../../projections/src/users/queries.js';
import { loadProject } from './projectCommand.js';

/*
 * The review's mails, through the outbox: the technician's notices of the doctors' comments,
 * requests for changes and approvals (and the digests of comments), the doctors' mail when the
 * lab answers. A mail never fails the command it follows: that is already recorded.
 */

/** The technician's address and name (opened with the user's key); null for anonymous uploads. */
export async function technicianOf(
  deps: AppDeps,
  userId: string,
): Promise<{ email: string; name: string } | null> {
  if (userId === PUBLIC_USER_ID) return null;
  const row = await userContact(deps.db, userId);
  if (!row) return null;
  const subject = userSubject(userId);
  try {
    const [email, name] = await Promise.all([
      deps.keys.open(subject, 'email', row.email),
      deps.keys.open(subject, 'name', row.name),
    ]);
    return email ? { email, name: name ?? '' } : null;
  } catch {
    return null;
  }
}

/** The project's name (opened) and its link, as the technician's mails show them. */
export async function caseForMail(
  deps: AppDeps,
  projectId: string,
): Promise<{ name: string; link: string }> {
  const [project] = await loadProjects(deps, { ids: [projectId] }, { includeOwner: false });
  const token = await publicTokenOf(deps, projectId);
  const link = token ? publicLinkFor(deps, token) : `${deps.config.publicBaseUrl}/dashboard`;
  return { name: project?.name ?? 'your case', link };
}

export async function notifyTechnician(
  deps: AppDeps,
  projectId: string,
  state: ProjectState,
  kind: ReviewMailKind,
  message?: string,
): Promise<void> {
  if (state.status !== 'active') return;
  try {
    const tech = await technicianOf(deps, state.userId);
    if (!tech) return;
    // A doctor's comment follows the technician's setting: at once, in a digest, or not at all.
    if (kind === 'feedback') {
      const mode = await deps.commentMails.mode(state.userId);
      if (mode === 'none') return;
      if (mode === 'digest' && (await deps.commentMails.admit(projectId, deps.now())) === 'later')
        return;
    }
    const { name, link } = await caseForMail(deps, projectId);
    await deps.outbox.enqueue({
      kind: `review-${kind}`,
      subjectId: projectSubject(projectId),
      message: reviewMail(kind, tech.email, tech.name, name, link, message),
    });
  } catch (err) {
    // The command already succeeded; a failed notification must not turn it into an error.
    deps.log.error({ err, projectId }, 'review notification failed');
  }
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

/**
 * Sends the digests that are due: one mail per project for the doctors' comments counted since
 * its last comment mail. Each project's count is claimed atomically, so with several processes
 * each digest goes out once. Returns how many were queued.
 */
export async function sendDueDigests(deps: AppDeps): Promise<number> {
  let queued = 0;
  for (const { projectId, comments } of await deps.commentMails.claimDue(deps.now())) {
    try {
      const { state } = await loadProject(deps, projectId);
      if (state.status !== 'active') {
        await deps.commentMails.forgetProject(projectId);
        continue;
      }
      const tech = await technicianOf(deps, state.userId);
      if (!tech || (await deps.commentMails.mode(state.userId)) === 'none') continue;
      const { name, link } = await caseForMail(deps, projectId);
      await deps.outbox.enqueue({
        kind: 'review-digest',
        subjectId: projectSubject(projectId),
        message: commentDigestMail(tech.email, tech.name, name, link, comments),
      });
      queued += 1;
    } catch (err) {
      deps.log.error({ err, projectId }, 'comment digest failed');
    }
  }
  return queued;
}
