import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { canonicalEmail } from '../auth/email.js';
import type { AppDeps } from '../deps.js';
import { PROJECT_STATUSES, projectSubject } from '../domain/project.js';
import { countStatuses } from '../domain/projectStatus.js';
import { NotFound, UnsupportedMediaType, ValidationError } from '../errors.js';
import { sendPrepared } from '../http/sendPrepared.js';
import { parseOr400 } from '../http/validate.js';
import { escapeHtml, MAIL_BODY_STYLE } from '../mail/templates.js';
import type { MailMessage } from '../mail/mailer.js';
import type { UserStatsRow } from '../../../projections/src/userStats/index.js';
import { requireProjectAccess, requireUser, type Principal } from './projectAccess.js';
import { uuidParam } from './projectInput.js';
import { deleteProject } from '../commands/deleteProject.js';
import { runProjectCommand } from '../commands/projectCommand.js';
import { ensurePublicToken, publicLinkFor } from '../links/projectLinks.js';
import { loadProjects } from './projectService.js';
import { createProject } from './projectUpload.js';

const idParams = z.object({ id: uuidParam }).strict();
const feedbackParams = z
  .object({
    id: uuidParam,
    feedbackId: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .strict();
const listQuery = z.object({ userId: uuidParam.optional() }).strict();
const statusBody = z
  .object({
    status: z.enum(PROJECT_STATUSES, {
      message: `status must be one of ${PROJECT_STATUSES.join(', ')}`,
    }),
  })
  .strict();
const sendBody = z.object({ doctorEmail: z.string().max(1000) }).strict();

export const DOCTOR_EMAIL_REQUIRED = "Please enter doctor's email address";

/** Who shares a case with a doctor; null for an anonymous upload (no account behind it). */
export interface DoctorMailSender {
  name: string;
  companyName: string;
}

/** "Ada Lab (Ada Dental Lab)", or the neutral wording when there is no account behind the case. */
function senderLine(sender: DoctorMailSender | null): string {
  if (!sender || sender.name.trim() === '') return 'A dental laboratory';
  const company = sender.companyName.trim();
  return company ? `${sender.name} (${company})` : sender.name;
}

/**
 * The mail to the doctor: fixed subject (never a patient name), escaped HTML and plain text. The
 * body names the technician and company who share the case, so the doctor knows who is asking.
 */
export function doctorMail(
  to: string,
  projectName: string,
  link: string,
  sender: DoctorMailSender | null,
): MailMessage {
  const from = senderLine(sender);
  return {
    to,
    subject: 'A dental case is ready for your review',
    text: `Hello,

${from} has shared a 3D case with you on Cusp: ${projectName}

Open it in your browser (no account needed):
${link}

You can inspect the models in 3D, leave feedback and approve the work.
`,
    html: `<!doctype html>
<html><head><meta charset="utf-8"><title>A dental case is ready for your review</title></head>
<body style="${MAIL_BODY_STYLE}">
<h1 style="font-size:20px;margin:0 0 16px">A dental case is ready for your review</h1>
<p style="margin:0 0 16px">${escapeHtml(from)} has shared a 3D case with you on Cusp: <strong>${escapeHtml(projectName)}</strong></p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Open the case</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p style="margin:0 0 16px">You can inspect the models in 3D, leave feedback and approve the work; no account is needed.</p>
</body></html>`,
  };
}

/** Row 47: JSON routes take JSON only (a text/plain body would otherwise reach the schema). */
function requireJson(request: FastifyRequest): void {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (request.body !== undefined && type !== 'application/json') {
    throw new UnsupportedMediaType('Expected application/json', 'unsupported_media_type');
  }
}

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
 * Signed-in project calls (spec §7). Every `:id` route answers 404 for a project the caller
 * may not touch — missing, deleted or someone else's look the same.
 */
export async function projectsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post('/api/projects', async (request, reply) => {
    const principal = await requireUser(request, deps);
    const answer = await createProject(request, deps, {
      kind: 'user',
      userId: principal.userId,
      actor: `user:${principal.userId}`,
      maxFileBytes: deps.config.UPLOAD_MAX_BYTES,
    });
    return reply.code(answer.status).send(answer.body);
  });

  app.get('/api/projects', async (request) => {
    const principal = await requireUser(request, deps);
    const { userId } = parseOr400(listQuery, request.query);
    return loadProjects(deps, { userId: subjectUser(principal, userId) }, { includeOwner: true });
  });

  app.get('/api/projects/stats', async (request) => {
    const principal = await requireUser(request, deps);
    const { userId } = parseOr400(listQuery, request.query);
    const r = await deps.db.query<UserStatsRow>('SELECT * FROM user_stats WHERE user_id = $1', [
      subjectUser(principal, userId),
    ]);
    const s = r.rows[0];
    const counts = countStatuses(s?.by_status ?? {});
    return {
      total: s?.total ?? 0,
      approved: counts.approved,
      pending: counts.pending,
      changesRequested: counts.changesRequested,
      newComments: s?.new_comments ?? 0,
      storageBytes: Number(s?.storage_bytes ?? 0),
      fileCount: s?.file_count ?? 0,
    };
  });

  app.get('/api/projects/:id', async (request, reply) => {
    const principal = await requireUser(request, deps);
    const { id } = parseOr400(idParams, request.params);
    await requireProjectAccess(deps, principal, id, { allowAdmin: true });
    const answer = await deps.answers.getOrBuild(`owner:${id}`, async () => {
      const [project] = await loadProjects(deps, { ids: [id] }, { includeOwner: true });
      return project ? { projectId: id, value: project } : null;
    });
    if (!answer) throw new NotFound('Project not found');
    return sendPrepared(request, reply, answer);
  });

  app.put('/api/projects/:id/status', async (request) => {
    const principal = await requireUser(request, deps);
    const { id } = parseOr400(idParams, request.params);
    const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
    requireJson(request);
    const { status } = parseOr400(statusBody, request.body);
    await runProjectCommand(
      deps,
      id,
      {
        type: 'ChangeProjectStatus',
        data: { projectId: id, status, now: deps.now().toISOString() },
      },
      { actor: actorFor(principal, ownerId), requestId: request.id },
    );
    return { id, status };
  });

  app.delete('/api/projects/:id', async (request, reply) => {
    const principal = await requireUser(request, deps);
    const { id } = parseOr400(idParams, request.params);
    const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
    await deleteProject(deps, id, 'owner', {
      actor: actorFor(principal, ownerId),
      requestId: request.id,
    });
    return reply.code(204).send();
  });

  app.post('/api/projects/:id/send-email', async (request) => {
    const principal = await requireUser(request, deps);
    const { id } = parseOr400(idParams, request.params);
    const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
    requireJson(request);
    const { doctorEmail } = parseOr400(sendBody, request.body ?? {});
    if (doctorEmail.trim() === '')
      throw new ValidationError(DOCTOR_EMAIL_REQUIRED, 'validation_failed');
    const to = canonicalEmail(doctorEmail);
    if (!to) throw new ValidationError('Please enter a valid email address', 'INVALID_EMAIL');
    const [project] = await loadProjects(deps, { ids: [id] }, { includeOwner: false });
    if (!project) throw new NotFound('Project not found');
    const token = project.publicToken ?? (await ensurePublicToken(deps, id));
    const owner = await deps.accounts.publicUser(ownerId);
    const subject = projectSubject(id);
    // The mail is recorded first: a crash before the event leaves a sent mail, never a claimed one.
    const mailId = await deps.outbox.enqueue({
      kind: 'doctor',
      subjectId: subject,
      message: doctorMail(to, project.name, publicLinkFor(deps, token), owner),
    });
    const sealed = await deps.keys.seal(subject, 'doctorEmail', to);
    await runProjectCommand(
      deps,
      id,
      {
        type: 'SendProjectToDoctor',
        data: { projectId: id, doctorEmail: sealed, mailId, now: deps.now().toISOString() },
      },
      { actor: actorFor(principal, ownerId), requestId: request.id },
    );
    return { success: true, message: `Email sent successfully to ${to}` };
  });

  app.put('/api/projects/:id/feedback/:feedbackId/read', async (request, reply) => {
    const principal = await requireUser(request, deps);
    const { id, feedbackId } = parseOr400(feedbackParams, request.params);
    const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
    await runProjectCommand(
      deps,
      id,
      {
        type: 'MarkFeedbackRead',
        data: { projectId: id, feedbackId, now: deps.now().toISOString() },
      },
      { actor: actorFor(principal, ownerId), requestId: request.id },
    );
    return reply.code(204).send();
  });
}
