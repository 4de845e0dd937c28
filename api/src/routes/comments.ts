import type { FastifyInstance } from 'fastify';
import { principalOf } from '../http/guards.js';
import { bodySchema, type Input } from '../http/routeInput.js';
import type { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { ValidationError } from '../errors.js';
import { parseOr400 } from '../http/validate.js';
import { COMMENT_BODY_LIMIT } from '../contract/comments.js';
import {
  INVALID_TOOL_STATE,
  invalidToolStateMessage,
  toolStateSchema,
} from '../contract/toolState.js';
import { addDoctorComment, addTechnicianComment, setResolved } from '../commands/comments.js';
import { loadThread } from '../reads/thread.js';
import { canonicalEmail } from '../auth/email.js';
import { requireProjectAccess, type Principal } from './projectAccess.js';
import { requireJson } from '../http/requireJson.js';
import { openPublicLink } from '../links/access.js';
import { capLinkComments, linkActor, PER_LINK } from './review.js';

/** Reading the thread through a link: as often as the project itself may be read. */
const PUBLIC_READ = { max: 120, timeWindow: '1 minute' };

/**
 * A comment body: a saved view that does not parse is refused as such (400
 * `invalid_tool_state`, saying what is wrong) before the rest of the body is read.
 */
function parseCommentBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const toolState: unknown =
    typeof body === 'object' && body !== null && 'toolState' in body ? body.toolState : undefined;
  if (toolState !== undefined) {
    const r = toolStateSchema.safeParse(toolState);
    const issue = r.success ? undefined : r.error.issues[0];
    if (!r.success) {
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw new ValidationError(
        invalidToolStateMessage(`${where}${issue?.message ?? 'not a saved view'}`),
        INVALID_TOOL_STATE,
      );
    }
  }
  return parseOr400(schema, body);
}

export const INVALID_EMAIL = 'Please enter a valid email address';

/** The e-mail a doctor gave, canonical; undefined when none was given; 400 when not an address. */
function optionalEmail(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const email = canonicalEmail(raw);
  if (!email) throw new ValidationError(INVALID_EMAIL, 'INVALID_EMAIL');
  return email;
}

const actorFor = (p: Principal, ownerId: string) =>
  p.userId === ownerId ? `user:${p.userId}` : `admin:${p.userId}`;

/**
 * The review conversation: the doctor through the link (comment, reply, pin, request changes,
 * resolve / reopen) and the owner signed in (read, reply, resolve / reopen). Doctor writes share
 * the link's review limit with feedback and approval (30 an hour per link and address).
 */
export async function commentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const write = { bodyLimit: COMMENT_BODY_LIMIT };

  app.get<Input<'GET /api/public/projects/:token/comments'>>(
    '/api/public/projects/:token/comments',
    { config: { rateLimit: PUBLIC_READ } },
    async (request) => {
      const { token } = request.params;
      const projectId = await openPublicLink(deps, request, token);
      return { comments: await loadThread(deps, projectId, { withEmails: false }) };
    },
  );

  app.post<Input<'POST /api/public/projects/:token/comments'>>(
    '/api/public/projects/:token/comments',
    { ...write, config: { rateLimit: PER_LINK } },
    async (request, reply) => {
      const { token } = request.params;
      requireJson(request);
      const b = parseCommentBody(
        bodySchema('POST /api/public/projects/:token/comments'),
        request.body ?? {},
      );
      const email = optionalEmail(b.authorEmail);
      const projectId = await openPublicLink(deps, request, token);
      await capLinkComments(deps, projectId);
      const comment = await addDoctorComment(
        deps,
        projectId,
        {
          name: b.authorName,
          email,
          body: b.body,
          parentId: b.parentId,
          anchor: b.anchor,
          toolState: b.toolState,
          version: b.version,
        },
        'AddComment',
        { actor: linkActor(token), requestId: request.id },
      );
      return reply.code(201).send({ comment });
    },
  );

  app.post<Input<'POST /api/public/projects/:token/request-changes'>>(
    '/api/public/projects/:token/request-changes',
    { ...write, config: { rateLimit: PER_LINK } },
    async (request, reply) => {
      const { token } = request.params;
      requireJson(request);
      const b = parseCommentBody(
        bodySchema('POST /api/public/projects/:token/request-changes'),
        request.body ?? {},
      );
      const email = optionalEmail(b.authorEmail);
      const projectId = await openPublicLink(deps, request, token);
      await capLinkComments(deps, projectId);
      const comment = await addDoctorComment(
        deps,
        projectId,
        {
          name: b.authorName,
          email,
          body: b.body,
          anchor: b.anchor,
          toolState: b.toolState,
          version: b.version,
          checklist: b.checklist,
        },
        'RequestChanges',
        { actor: linkActor(token), requestId: request.id },
      );
      return reply.code(201).send({ comment, status: 'pending_revision' });
    },
  );

  for (const action of ['resolve', 'reopen'] as const) {
    app.post<Input<'POST /api/public/projects/:token/comments/:commentId/resolve'>>(
      `/api/public/projects/:token/comments/:commentId/${action}`,
      { config: { rateLimit: PER_LINK } },
      async (request) => {
        const { token, commentId } = request.params;
        const projectId = await openPublicLink(deps, request, token);
        const comment = await setResolved(
          deps,
          { projectId, commentId, resolved: action === 'resolve', by: 'doctor' },
          { actor: linkActor(token), requestId: request.id },
        );
        return { comment };
      },
    );

    app.post<Input<'POST /api/projects/:id/comments/:commentId/resolve'>>(
      `/api/projects/:id/comments/:commentId/${action}`,
      async (request) => {
        const principal = principalOf(request);
        const { id, commentId } = request.params;
        const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
        const comment = await setResolved(
          deps,
          { projectId: id, commentId, resolved: action === 'resolve', by: 'technician' },
          { actor: actorFor(principal, ownerId), requestId: request.id },
        );
        return { comment };
      },
    );
  }

  app.get<Input<'GET /api/projects/:id/comments'>>(
    '/api/projects/:id/comments',
    async (request) => {
      const principal = principalOf(request);
      const { id } = request.params;
      await requireProjectAccess(deps, principal, id, { allowAdmin: true });
      return { comments: await loadThread(deps, id, { withEmails: true }) };
    },
  );

  app.post<Input<'POST /api/projects/:id/comments'>>(
    '/api/projects/:id/comments',
    write,
    async (request, reply) => {
      const principal = principalOf(request);
      const { id } = request.params;
      requireJson(request);
      const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
      const b = parseCommentBody(bodySchema('POST /api/projects/:id/comments'), request.body ?? {});
      const comment = await addTechnicianComment(
        deps,
        {
          projectId: id,
          ownerId,
          body: b.body,
          parentId: b.parentId,
          anchor: b.anchor,
          toolState: b.toolState,
          version: b.version,
        },
        { actor: actorFor(principal, ownerId), requestId: request.id },
      );
      return reply.code(201).send({ comment });
    },
  );
}
