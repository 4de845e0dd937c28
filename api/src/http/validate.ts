import type { z } from 'zod';
import { ValidationError } from '../errors.js';

/** Parses a request part with zod; the first problem becomes a 400 naming the field. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new ValidationError(`${where}${issue?.message ?? 'invalid request'}`, 'validation_failed', {
    issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}
