import type { FastifyInstance } from 'fastify';
import { challengeQuery } from '../contract/botCheck.js';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';

export const CHALLENGE_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

const query = challengeQuery;

/**
 * `GET /api/botcheck/challenge?purpose=login|register|public-upload|password-reset`: what the page's widget
 * needs — a signed ALTCHA challenge bound to the purpose, or the Turnstile site key.
 */
export async function botCheckRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(
    '/api/botcheck/challenge',
    { config: { rateLimit: CHALLENGE_RATE_LIMIT } },
    async (request) => {
      const { purpose } = parseOr400(query, request.query);
      return deps.botCheck.widgetConfig(purpose);
    },
  );
}
