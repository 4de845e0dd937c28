import type { FastifyInstance } from 'fastify';
import type { Input } from '../http/routeInput.js';
import type { AppDeps } from '../deps.js';

export const CHALLENGE_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/**
 * `GET /api/botcheck/challenge?purpose=login|register|public-upload|password-reset`: what the page's widget
 * needs — a signed ALTCHA challenge bound to the purpose, or the Turnstile site key.
 */
export async function botCheckRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<Input<'GET /api/botcheck/challenge'>>(
    '/api/botcheck/challenge',
    { config: { rateLimit: CHALLENGE_RATE_LIMIT } },
    async (request) => {
      const { purpose } = request.query;
      return deps.botCheck.widgetConfig(purpose);
    },
  );
}
