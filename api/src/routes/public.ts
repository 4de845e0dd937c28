import type { FastifyInstance } from 'fastify';
import type { Input } from '../http/routeInput.js';
import { requireBotCheck } from '../botcheck/botCheck.js';
import type { AppDeps } from '../deps.js';
import { PUBLIC_USER_ID } from '../domain/project.js';
import { NotFound, ValidationError } from '../errors.js';
import { sendPrepared } from '../http/sendPrepared.js';
import { gatePublicLink, keepAnswerUntil } from '../links/access.js';
import { loadProjects } from '../reads/projects.js';
import { uploadProject } from './projectUpload.js';

export const TERMS_MESSAGE = 'Please agree to the terms and conditions';
export const BOT_CHECK_MESSAGE = 'Please complete the security verification';

/**
 * Anonymous calls: the quick upload (bot check + terms, 50 MB per file) and the
 * project behind a public link. Access is rooted in the token alone.
 */
export async function publicRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post(
    '/api/public/projects',
    { config: { rateLimit: { max: 20, timeWindow: '1 hour' } } },
    async (request, reply) => {
      const answer = await uploadProject(request, deps, {
        kind: 'public',
        userId: PUBLIC_USER_ID,
        actor: 'anonymous',
        maxFileBytes: deps.config.PUBLIC_UPLOAD_MAX_BYTES,
        admit: async (data) => {
          // Only the JSON value true counts as agreeing: "false" or 1 must not pass.
          if (data.terms !== true) throw new ValidationError(TERMS_MESSAGE, 'TERMS_REQUIRED');
          const payload = typeof data.turnstileToken === 'string' ? data.turnstileToken : undefined;
          await requireBotCheck(
            deps.botCheck,
            payload,
            { purpose: 'public-upload', ip: request.ip },
            BOT_CHECK_MESSAGE,
          );
        },
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.get<Input<'GET /api/public/projects/:token'>>(
    '/api/public/projects/:token',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { token } = request.params;
      // A kept answer is served without the gate: it is kept only for a link without a PIN and
      // only until its expiry, and every change of the link is an event that drops it.
      const answer = await deps.answers.getOrBuild(`public:${token}`, async () => {
        const { projectId, row } = await gatePublicLink(deps, request, token);
        const [project] = await loadProjects(deps, { ids: [projectId] }, { includeOwner: true });
        if (!project) return null;
        // The doctor sees the case, not the owner's account id, nor the owner's view of the
        // link (view log, PIN, expiry).
        const { userId, link, mailNotDelivered: _mail, ...rest } = project;
        const value = {
          ...rest,
          userId: userId === PUBLIC_USER_ID ? PUBLIC_USER_ID : undefined,
          downloadsAllowed: link?.downloadsAllowed ?? false,
        };
        const validUntil = keepAnswerUntil(row, deps.now());
        return { projectId, value, ...(validUntil !== undefined ? { validUntil } : {}) };
      });
      if (!answer) throw new NotFound('Project not found');
      return sendPrepared(request, reply, answer);
    },
  );
}
