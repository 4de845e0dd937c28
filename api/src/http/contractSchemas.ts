import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { API_ROUTES, type RouteContract } from '../contract/routes.js';
import { AppError } from '../errors.js';

/**
 * The API contract (`src/contract/routes.ts`) attached to every route as its Fastify schema:
 * each JSON answer's schema by status. Attached when a route is registered, so route files stay
 * as they are, and a route the contract does not list stops the start-up.
 *
 * Answers are serialised with `JSON.stringify`, as Fastify does without a schema. With
 * `checkAnswers` (the test apps) every JSON answer, serialised or prepared, is parsed with its
 * schema before it is sent, and one that does not match is a 500 naming the route: the contract cannot drift from the server unnoticed. In
 * production nothing is parsed, so an answer costs what it did.
 */

/** An answer that does not match its contract schema (only when answers are checked). */
export class AnswerDrift extends AppError {
  constructor(route: string, status: number, issues: z.core.$ZodIssue[]) {
    super(500, 'answer_drift', `${route} ${status}: the answer does not match the API contract`, {
      issues: issues.slice(0, 5).map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
}

function responseSchemas(contract: RouteContract): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(contract.answers)) {
    if (schema && schema !== 'bytes') out[Number(status)] = schema;
  }
  return out;
}

/** Registers the serializer and the hook that attaches each route's contract schemas. */
export function attachContract(app: FastifyInstance, opts: { checkAnswers: boolean }): void {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Checked as the JSON text that goes out: serialised answers and prepared ones (`sendPrepared`,
  // list pages) alike.
  if (opts.checkAnswers) {
    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (typeof payload !== 'string' || !type.startsWith('application/json')) return payload;
      const response = request.routeOptions.schema?.response as
        Record<number, z.ZodType> | undefined;
      const zod = response?.[reply.statusCode];
      if (!zod) return payload;
      const r = zod.safeParse(JSON.parse(payload));
      if (!r.success) {
        throw new AnswerDrift(
          `${request.method} ${request.routeOptions.url}`,
          reply.statusCode,
          r.error.issues,
        );
      }
      return payload;
    });
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      const contract = (API_ROUTES as Record<string, RouteContract>)[key];
      if (!contract) throw new Error(`${key} is not in the API contract (src/contract/routes.ts)`);
      const response = responseSchemas(contract);
      if (Object.keys(response).length === 0) continue;
      const schema: FastifySchema = { ...route.schema, response };
      route.schema = schema;
    }
  });
}
