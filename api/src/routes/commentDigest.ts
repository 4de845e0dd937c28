import type { FastifyInstance } from 'fastify';
import { parseBody } from '../http/routeInput.js';
import { principalOf } from '../http/guards.js';
import { loadProject } from '../commands/projectCommand.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { commentDigestMail } from '../mail/projectMails.js';
import { requireJson } from '../http/requireJson.js';
import { caseForMail, technicianOf } from './review.js';

/** How often a serving process looks for due digests (they are due 10 minutes after a mail). */
export const DIGEST_SWEEP_MS = 30_000;

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

/**
 * The signed-in user's comment-mail setting (`GET`/`PUT /api/me/comment-mails`), and the digest
 * sender, which runs every DIGEST_SWEEP_MS while the app is open.
 */
export async function commentMailRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/me/comment-mails', async (request) => {
    const { userId } = principalOf(request);
    return { commentMails: await deps.commentMails.mode(userId) };
  });

  app.put('/api/me/comment-mails', async (request) => {
    const { userId } = principalOf(request);
    requireJson(request);
    const { commentMails } = parseBody('PUT /api/me/comment-mails', request.body ?? {});
    await deps.commentMails.setMode(userId, commentMails);
    return { commentMails };
  });

  startDigestSender(app, deps);
}

function startDigestSender(app: FastifyInstance, deps: AppDeps): void {
  const timer = setInterval(() => {
    sendDueDigests(deps).catch((err: unknown) =>
      deps.log.error({ err }, 'comment digest sweep failed'),
    );
  }, DIGEST_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
