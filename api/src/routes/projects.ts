import type { FastifyInstance } from 'fastify';
import { principalOf } from '../http/guards.js';
import { parseBody, type Input } from '../http/routeInput.js';
import { canonicalEmail } from '../auth/email.js';
import type { AppDeps } from '../deps.js';
import { countStatuses } from '../domain/projectStatus.js';
import { NotFound, ValidationError } from '../errors.js';
import { requireJson } from '../http/requireJson.js';
import { sendPrepared } from '../http/sendPrepared.js';
import { userStatsOf } from '../../../projections/src/userStats/queries.js';
import { requireProjectAccess, type Principal } from './projectAccess.js';
import { deleteProject } from '../commands/deleteProject.js';
import { chooseChecklist } from '../commands/checklist.js';
import { changeProjectStatus } from '../commands/projectStatus.js';
import { markFeedbackRead } from '../commands/review.js';
import { sendToDoctor } from '../commands/sendToDoctor.js';
import { searchProjects } from '../reads/projectSearch.js';
import { listBody, ownerAnswers } from '../reads/ownerAnswers.js';
import { TOTAL_COUNT_HEADER } from '../contract/dashboard.js';
import { attentionOf } from '../reads/attention.js';
import { checkSearchRange } from './searchQuery.js';
import { uploadProject } from './projectUpload.js';

export const DOCTOR_EMAIL_REQUIRED = "Please enter doctor's email address";

/** Whose projects a list or stats call reads: your own, or (admins) `?userId=`. */
function subjectUser(principal: Principal, userId: string | undefined): string {
  if (!userId || userId === principal.userId) return principal.userId;
  if (principal.role !== 'admin')
    throw new ValidationError('userId is for admins only', 'forbidden_query');
  return userId;
}

const actorFor = (p: Principal, ownerId: string) =>
  p.userId === ownerId ? `user:${p.userId}` : `admin:${p.userId}`;

/**
 * Signed-in project calls. Every `:id` route answers 404 for a project the caller
 * may not touch — missing, deleted or someone else's look the same.
 */
export async function projectsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post('/api/projects', async (request, reply) => {
    const principal = principalOf(request);
    const answer = await uploadProject(request, deps, {
      kind: 'user',
      userId: principal.userId,
      actor: `user:${principal.userId}`,
      maxFileBytes: deps.config.UPLOAD_MAX_BYTES,
    });
    return reply.code(answer.status).send(answer.body);
  });

  app.get<Input<'GET /api/projects'>>('/api/projects', async (request, reply) => {
    const principal = principalOf(request);
    const query = checkSearchRange(request.query);
    const userId = subjectUser(principal, query.userId);
    const page = await searchProjects(deps, { userId }, query);
    if (page.paged) void reply.header(TOTAL_COUNT_HEADER, String(page.total));
    return reply
      .type('application/json; charset=utf-8')
      .send(listBody(await ownerAnswers(deps, page.ids)));
  });

  app.get<Input<'GET /api/projects/attention'>>('/api/projects/attention', async (request) => {
    const principal = principalOf(request);
    const { since } = request.query;
    return attentionOf(deps, principal.userId, since);
  });

  app.get<Input<'GET /api/projects/stats'>>('/api/projects/stats', async (request) => {
    const principal = principalOf(request);
    const { userId } = request.query;
    const s = await userStatsOf(deps.db, subjectUser(principal, userId));
    const counts = countStatuses(s?.byStatus ?? {});
    return {
      total: s?.total ?? 0,
      approved: counts.approved,
      pending: counts.pending,
      changesRequested: counts.changesRequested,
      newComments: s?.newComments ?? 0,
      storageBytes: Number(s?.storageBytes ?? 0),
      fileCount: s?.fileCount ?? 0,
    };
  });

  app.get<Input<'GET /api/projects/:id'>>('/api/projects/:id', async (request, reply) => {
    const principal = principalOf(request);
    const { id } = request.params;
    await requireProjectAccess(deps, principal, id, { allowAdmin: true });
    const [answer] = await ownerAnswers(deps, [id]);
    if (!answer) throw new NotFound('Project not found');
    return sendPrepared(request, reply, answer);
  });

  app.put<Input<'PUT /api/projects/:id/status'>>('/api/projects/:id/status', async (request) => {
    const principal = principalOf(request);
    const { id } = request.params;
    const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
    requireJson(request);
    const { status } = parseBody('PUT /api/projects/:id/status', request.body);
    await changeProjectStatus(
      deps,
      { projectId: id, status },
      { actor: actorFor(principal, ownerId), requestId: request.id },
    );
    return { id, status };
  });

  app.put<Input<'PUT /api/projects/:id/checklist'>>(
    '/api/projects/:id/checklist',
    async (request) => {
      const principal = principalOf(request);
      const { id } = request.params;
      const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
      requireJson(request);
      const { items } = parseBody('PUT /api/projects/:id/checklist', request.body);
      const checklist = await chooseChecklist(
        deps,
        { projectId: id, items },
        { actor: actorFor(principal, ownerId), requestId: request.id },
      );
      return { checklist };
    },
  );

  app.delete<Input<'DELETE /api/projects/:id'>>('/api/projects/:id', async (request, reply) => {
    const principal = principalOf(request);
    const { id } = request.params;
    const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
    await deleteProject(deps, id, 'owner', {
      actor: actorFor(principal, ownerId),
      requestId: request.id,
    });
    return reply.code(204).send();
  });

  app.post<Input<'POST /api/projects/:id/send-email'>>(
    '/api/projects/:id/send-email',
    async (request) => {
      const principal = principalOf(request);
      const { id } = request.params;
      const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
      requireJson(request);
      const { doctorEmail } = parseBody('POST /api/projects/:id/send-email', request.body ?? {});
      if (doctorEmail.trim() === '')
        throw new ValidationError(DOCTOR_EMAIL_REQUIRED, 'validation_failed');
      const to = canonicalEmail(doctorEmail);
      if (!to) throw new ValidationError('Please enter a valid email address', 'INVALID_EMAIL');
      await sendToDoctor(
        deps,
        { projectId: id, ownerId, to },
        { actor: actorFor(principal, ownerId), requestId: request.id },
      );
      // Queued, not sent: the outbox delivers it (with retries) after this answer.
      return { success: true, message: `Email to ${to} queued for delivery` };
    },
  );

  app.put<Input<'PUT /api/projects/:id/feedback/:feedbackId/read'>>(
    '/api/projects/:id/feedback/:feedbackId/read',
    async (request, reply) => {
      const principal = principalOf(request);
      const { id, feedbackId } = request.params;
      const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
      await markFeedbackRead(
        deps,
        { projectId: id, feedbackId },
        { actor: actorFor(principal, ownerId), requestId: request.id },
      );
      return reply.code(204).send();
    },
  );
}
