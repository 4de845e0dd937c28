import type { FastifyInstance } from 'fastify';
import { parseBody } from '../http/routeInput.js';
import { principalOf } from '../http/guards.js';
import { sendDueDigests } from '../commands/reviewMails.js';
import type { AppDeps } from '../deps.js';
import { requireJson } from '../http/requireJson.js';

/** How often a serving process looks for due digests (they are due 10 minutes after a mail). */
export const DIGEST_SWEEP_MS = 30_000;

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
