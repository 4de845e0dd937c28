import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  RouteOptions,
  preValidationHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { API_ROUTES, type RouteContract } from '../contract/routes.js';
import { AppError } from '../errors.js';
import { settlePendingCheck, type AccessGuards } from './guards.js';
import { inputCompiler } from './inputCompiler.js';

/**
 * The API contract (`src/contract/routes.ts`) attached to every route as it is registered, so
 * a route file declares neither its guard nor its input schemas, and a route the contract does
 * not list stops the start-up:
 * - the guard of the route's `access` (`http/guards.ts`), a `preValidation` hook;
 * - its params and query schemas, which Fastify runs before the handler: the handler reads them
 *   parsed (`http/routeInput.ts`), a bad one is the 400 of `parseOr400`;
 * - each JSON answer's schema by status.
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

function withHook(
  existing: RouteOptions['preValidation'],
  hook: preValidationHookHandler,
): preValidationHookHandler[] {
  return [hook, ...(existing ? [existing].flat() : [])];
}

/**
 * Registers the serializer and the hook that attaches each route's guard and contract schemas.
 * `guards` builds the guard hooks (`accessGuards(deps)`); without it only public and link routes
 * may be registered.
 */
export function attachContract(
  app: FastifyInstance,
  opts: { checkAnswers: boolean; guards?: AccessGuards },
): void {
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

  app.addHook('onSend', settlePendingCheck);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat();
    const [first] = methods;
    if (!first || methods.length !== 1) throw new Error(`${route.url}: one method per API route`);
    // Fastify's own HEAD twin of a GET route gets the GET route's guard and input schemas.
    const method = first === 'HEAD' ? 'GET' : first;
    const key = `${method} ${route.url}`;
    const contract = (API_ROUTES as Record<string, RouteContract>)[key];
    if (!contract) throw new Error(`${key} is not in the API contract (src/contract/routes.ts)`);

    if (contract.access !== 'public' && contract.access !== 'link') {
      const guard = opts.guards?.(contract.access, method);
      if (!guard) throw new Error(`${key}: no guard for access '${contract.access}'`);
      route.preValidation = withHook(route.preValidation, guard);
    }

    const schema: FastifySchema = { ...route.schema };
    if (contract.params) schema.params = contract.params;
    if (contract.query) schema.querystring = contract.query;
    // Only contract routes get the zod compiler; a plugin's JSON Schema routes keep Fastify's.
    if (contract.params || contract.query) {
      route.validatorCompiler = inputCompiler as FastifySchemaCompiler<FastifySchema>;
    }
    const response = responseSchemas(contract);
    if (first !== 'HEAD' && Object.keys(response).length > 0) schema.response = response;
    route.schema = schema;
  });
}
