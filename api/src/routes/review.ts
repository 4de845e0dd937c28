import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../http/guards.js';
import { parseBody, type Input } from '../http/routeInput.js';
import { openPublicLink } from '../links/access.js';
import { FEEDBACK_MAX_CHARS, feedbackBody } from '../contract/review.js';
import type { AppDeps } from '../deps.js';
import { TooManyRequests, ValidationError } from '../errors.js';
import { requireJson } from '../http/requireJson.js';
import { parseOr400 } from '../http/validate.js';
import { requireProjectAccess } from './projectAccess.js';
import { approveProject, giveFeedback } from '../commands/review.js';
import { VERSION_REQUIRED_MESSAGE } from '../contract/review.js';

export { FEEDBACK_MAX_CHARS };
export const FEEDBACK_REQUIRED = 'Feedback must not be empty';

/** Comments and approvals, 30 per hour per link and client address: a burst limit. */
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

/** The comment text: `message` (what the viewer sends) or `feedback` (the API's payload name). */
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
 * Doctors' comments per link per hour, from every address together (rotating
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

/** The link id used as event actor: a digest of the token, never the token itself. */
export const linkActor = (token: string): string =>
  `link:${createHash('sha256').update(token).digest('base64url').slice(0, 16)}`;

/**
 * Doctor review through the public link (feedback, approve) and the technician's reply in the
 * same thread. Access is rooted in the token alone.
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
      const feedback = await giveFeedback(
        deps,
        { projectId, feedbackType: 'doctor_feedback', message: feedbackText(request.body) },
        { actor: linkActor(token), requestId: request.id },
      );
      return reply.code(201).send({ success: true, feedback });
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
      const { version, authorName, checklist } = parseBody(
        'POST /api/public/projects/:token/approve',
        body,
      );
      const projectId = await openPublicLink(deps, request, token);
      await approveProject(
        deps,
        { projectId, version, authorName, checklist },
        { actor: linkActor(token), requestId: request.id },
      );
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
      const feedback = await giveFeedback(
        deps,
        { projectId: id, feedbackType: 'technician_reply', message: feedbackText(request.body) },
        { actor: `user:${ownerId}`, requestId: request.id },
      );
      return reply.code(201).send({ success: true, feedback });
    },
  );
}
