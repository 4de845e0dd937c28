import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../http/guards.js';
import { parseBody, type Input } from '../http/routeInput.js';
import { openPublicLink } from '../links/access.js';
import { FEEDBACK_MAX_CHARS, feedbackBody } from '../contract/review.js';
import type { AppDeps } from '../deps.js';
import {
  PUBLIC_USER_ID,
  projectSubject,
  type FeedbackType,
  type ProjectState,
} from '../domain/project.js';
import { userSubject } from '../domain/user.js';
import { TooManyRequests, ValidationError } from '../errors.js';
import { requireJson } from '../http/requireJson.js';
import { reviewMail, type ReviewMailKind } from '../mail/projectMails.js';
import { parseOr400 } from '../http/validate.js';
import { requireProjectAccess } from './projectAccess.js';
import { userContact } from '../../../projections/src/users/queries.js';
import { runProjectCommand } from '../commands/projectCommand.js';
import { publicLinkFor, publicTokenOf } from '../links/projectLinks.js';
import { loadProjects } from '../reads/projects.js';
import { VERSION_REQUIRED_MESSAGE } from '../contract/review.js';

export { FEEDBACK_MAX_CHARS };
export const FEEDBACK_REQUIRED = 'Feedback must not be empty';

/** Security.md §1.3: comments and approvals, 30 per hour per link and client address. */
export const PER_LINK = {
  max: 30,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => {
    const token = (request.params as { token?: string }).token ?? '';
    // The link itself is a secret: the limiter keys on a digest, never on the token.
    const digest = createHash('sha256').update(token).digest('base64url').slice(0, 22);
    return `review:${digest}:${request.ip}`;
  },
};

/** The comment text: `message` (what the viewer sends) or `feedback` (spec §3 payload name). */
function feedbackText(body: unknown): string {
  const b = parseOr400(feedbackBody, body ?? {});
  const text = b.message ?? b.feedback ?? '';
  if (text === '') throw new ValidationError(FEEDBACK_REQUIRED, 'validation_failed');
  if (text.length > FEEDBACK_MAX_CHARS) {
    throw new ValidationError(
      `Feedback must be at most ${FEEDBACK_MAX_CHARS} characters`,
      'validation_failed',
    );
  }
  return text;
}

export const COMMENT_CAP_MESSAGE =
  'This link has taken too many comments in the last hour. Please try again later.';
const HOUR_MS = 60 * 60_000;

/**
 * Issue 30: doctors' comments per link per hour, from every address together (rotating
 * addresses escaped the per-address limit, and each comment was a mail to the technician).
 * Counted in the database, so the cap holds across processes.
 */
export async function capLinkComments(deps: AppDeps, projectId: string): Promise<void> {
  const r = await deps.accounts.limiter.hit(
    'link-comments',
    Buffer.from(projectId),
    deps.config.COMMENTS_PER_LINK_PER_HOUR,
    HOUR_MS,
  );
  if (!r.allowed)
    throw new TooManyRequests(r.retryAfterSeconds, COMMENT_CAP_MESSAGE, 'rate_limited');
}

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

async function giveFeedback(
  deps: AppDeps,
  request: FastifyRequest,
  projectId: string,
  feedbackType: FeedbackType,
  actor: string,
) {
  const message = feedbackText(request.body);
  const feedbackId = randomUUID();
  const sealed = await deps.keys.seal(projectSubject(projectId), 'message', message);
  const now = deps.now().toISOString();
  const { state } = await runProjectCommand(
    deps,
    projectId,
    { type: 'GiveFeedback', data: { projectId, feedbackId, feedbackType, message: sealed, now } },
    { actor, requestId: request.id },
  );
  return {
    state,
    message,
    feedback: { id: feedbackId, type: feedbackType, message, createdAt: now, readAt: null },
  };
}

/** The link id used as event actor: a digest of the token, never the token itself. */
export const linkActor = (token: string): string =>
  `link:${createHash('sha256').update(token).digest('base64url').slice(0, 16)}`;

/**
 * Doctor review through the public link (spec §7: feedback, approve) and the technician's reply
 * in the same thread (architecture §12). Access is rooted in the token alone (security.md §1.5).
 */
export async function reviewRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post<Input<'POST /api/public/projects/:token/feedback'>>(
    '/api/public/projects/:token/feedback',
    { config: { rateLimit: PER_LINK } },
    async (request, reply) => {
      const { token } = request.params;
      requireJson(request);
      const projectId = await openPublicLink(deps, request, token);
      await capLinkComments(deps, projectId);
      const r = await giveFeedback(deps, request, projectId, 'doctor_feedback', linkActor(token));
      await notifyTechnician(deps, projectId, r.state, 'feedback', r.message);
      return reply.code(201).send({ success: true, feedback: r.feedback });
    },
  );

  app.post<Input<'POST /api/public/projects/:token/approve'>>(
    '/api/public/projects/:token/approve',
    { config: { rateLimit: PER_LINK } },
    async (request) => {
      const { token } = request.params;
      requireJson(request);
      const body: unknown = request.body ?? {};
      if (typeof body === 'object' && body !== null && !('version' in body)) {
        throw new ValidationError(VERSION_REQUIRED_MESSAGE, 'version_required');
      }
      const { version, authorName } = parseBody('POST /api/public/projects/:token/approve', body);
      const projectId = await openPublicLink(deps, request, token);
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
          },
        },
        { actor: linkActor(token), requestId: request.id },
      );
      await notifyTechnician(deps, projectId, state, 'approved');
      return { success: true, status: 'approved' };
    },
  );

  app.post<Input<'POST /api/projects/:id/feedback'>>(
    '/api/projects/:id/feedback',
    async (request, reply) => {
      const principal = principalOf(request);
      const { id } = request.params;
      requireJson(request);
      const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
      const r = await giveFeedback(deps, request, id, 'technician_reply', `user:${ownerId}`);
      return reply.code(201).send({ success: true, feedback: r.feedback });
    },
  );
}
