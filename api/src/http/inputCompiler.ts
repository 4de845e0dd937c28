import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { projectSearchQuery } from '../contract/dashboard.js';
import { ValidationError } from '../errors.js';
import { parseOr400 } from './validate.js';

/** A bad project search answers 400 `invalid_query`, "Invalid search: …". */
function searchRefusal(err: ValidationError): ValidationError {
  return new ValidationError(`Invalid search: ${err.message}`, 'invalid_query', err.details);
}

/** Refusals of particular query schemas, where the plain 400 is not the route's answer. */
const QUERY_REFUSALS = new Map<unknown, (err: ValidationError) => ValidationError>([
  [projectSearchQuery, searchRefusal],
]);

/** Params and query parsed with their contract schema; a refusal is `parseOr400`'s 400. */
export const inputCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const refusal = httpPart === 'querystring' ? QUERY_REFUSALS.get(schema) : undefined;
  return (data: unknown) => {
    try {
      return { value: parseOr400(schema, data ?? {}) };
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return { error: refusal ? refusal(err) : err };
    }
  };
};
