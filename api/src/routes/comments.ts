import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { ValidationError } from '../errors.js';
import { parseOr400 } from '../http/validate.js';
import {
  COMMENT_BODY_LIMIT,
  doctorCommentBody,
  idCommentParams,
  requestChangesBody,
  technicianCommentBody,
  tokenCommentParams,
} from '../contract/comments.js';
import {
  INVALID_TOOL_STATE,
  invalidToolStateMessage,
  toolStateSchema,
} from '../contract/toolState.js';
import { addDoctorComment, addTechnicianComment, setResolved } from '../commands/comments.js';
import { loadThread } from '../reads/thread.js';
import { canonicalEmail } from '../auth/email.js';
import { requireProjectAccess, requireUser, type Principal } from './projectAccess.js';
import { uuidParam } from './projectInput.js';
import { requireJson } from '../http/requireJson.js';
import { openPublicLink } from '../links/access.js';
import { capLinkComments, linkActor, PER_LINK } from './review.js';

const tokenParams = z.object({ token: z.string().max(200) }).strict();
const idParams = z.object({ id: uuidParam }).strict();

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

  app.get(
    '/api/public/projects/:token/comments',
    { config: { rateLimit: PUBLIC_READ } },
    async (request) => {
      const { token } = parseOr400(tokenParams, request.params);
      const projectId = await openPublicLink(deps, request, token);
      return { comments: await loadThread(deps, projectId, { withEmails: false }) };
    },
  );

  app.post(
    '/api/public/projects/:token/comments',
    { ...write, config: { rateLimit: PER_LINK } },
    async (request, reply) => {
      const { token } = parseOr400(tokenParams, request.params);
      requireJson(request);
      const b = parseCommentBody(doctorCommentBody, request.body ?? {});
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

  app.post(
    '/api/public/projects/:token/request-changes',
    { ...write, config: { rateLimit: PER_LINK } },
    async (request, reply) => {
      const { token } = parseOr400(tokenParams, request.params);
      requireJson(request);
      const b = parseCommentBody(requestChangesBody, request.body ?? {});
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
        },
        'RequestChanges',
        { actor: linkActor(token), requestId: request.id },
      );
      return reply.code(201).send({ comment, status: 'pending_revision' });
    },
  );

  for (const action of ['resolve', 'reopen'] as const) {
    app.post(
      `/api/public/projects/:token/comments/:commentId/${action}`,
      { config: { rateLimit: PER_LINK } },
      async (request) => {
        const { token, commentId } = parseOr400(tokenCommentParams, request.params);
        const projectId = await openPublicLink(deps, request, token);
        const comment = await setResolved(
          deps,
          { projectId, commentId, resolved: action === 'resolve', by: 'doctor' },
          { actor: linkActor(token), requestId: request.id },
        );
        return { comment };
      },
    );

    app.post(`/api/projects/:id/comments/:commentId/${action}`, async (request) => {
      const principal = await requireUser(request, deps);
      const { id, commentId } = parseOr400(idCommentParams, request.params);
      const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
      const comment = await setResolved(
        deps,
        { projectId: id, commentId, resolved: action === 'resolve', by: 'technician' },
        { actor: actorFor(principal, ownerId), requestId: request.id },
      );
      return { comment };
    });
  }

  app.get('/api/projects/:id/comments', async (request) => {
    const principal = await requireUser(request, deps);
    const { id } = parseOr400(idParams, request.params);
    await requireProjectAccess(deps, principal, id, { allowAdmin: true });
    return { comments: await loadThread(deps, id, { withEmails: true }) };
  });

  app.post('/api/projects/:id/comments', write, async (request, reply) => {
    const principal = await requireUser(request, deps);
    const { id } = parseOr400(idParams, request.params);
    requireJson(request);
    const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
    const b = parseCommentBody(technicianCommentBody, request.body ?? {});
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
  });
}
