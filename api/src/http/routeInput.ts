import type { z } from 'zod';
import { API_ROUTES, type ApiRoute } from '../contract/routes.js';
import { parseOr400 } from './validate.js';

type Part<
  R extends ApiRoute,
  K extends 'params' | 'query' | 'body',
> = (typeof API_ROUTES)[R] extends { [P in K]: infer S extends z.ZodType } ? S : never;
type Parsed<R extends ApiRoute, K extends 'params' | 'query'> = [Part<R, K>] extends [never]
  ? unknown
  : z.output<Part<R, K>>;

/**
 * The Fastify route generic of a contract route: its params and query as the contract's schemas
 * parsed them before the handler runs (`attachContract`). `app.get<Input<'GET /api/x'>>(…)`.
 */
export type Input<R extends ApiRoute> = {
  Params: Parsed<R, 'params'>;
  Querystring: Parsed<R, 'query'>;
};

/** The contract's JSON body schema of a route. */
export function bodySchema<R extends ApiRoute>(route: R): Part<R, 'body'> {
  const schema = (API_ROUTES[route] as { body?: z.ZodType }).body;
  if (!schema) throw new Error(`${route} takes no JSON body in the contract`);
  return schema as Part<R, 'body'>;
}

/**
 * A route's JSON body parsed with its contract schema (a 400 from `parseOr400`). Routes parse
 * their body themselves, after their own checks (access to the project, `requireJson`, the
 * friendlier messages of the sign-in forms), so those keep answering first.
 */
export function parseBody<R extends ApiRoute>(route: R, value: unknown): z.output<Part<R, 'body'>> {
  return parseOr400(bodySchema(route), value);
}
