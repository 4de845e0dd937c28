import type { z } from 'zod';
import { ValidationError } from '../errors.js';

/** The code a refinement names in its `params.code` (e.g. the text rule's), if any. */
function issueCode(issue: z.core.$ZodIssue | undefined): string | undefined {
  if (issue?.code !== 'custom') return undefined;
  const code: unknown = issue.params?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Parses a request part with zod; the first problem becomes a 400 naming the field (`field`
 * names a value parsed on its own). Its code is the refinement's own, else `validation_failed`.
 */
export function parseOr400<S extends z.ZodType>(
  schema: S,
  value: unknown,
  field?: string,
): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = issue && issue.path.length > 0 ? issue.path.join('.') : field;
  const where = path ? `${path}: ` : '';
  throw new ValidationError(
    `${where}${issue?.message ?? 'invalid request'}`,
    issueCode(issue) ?? 'validation_failed',
    { issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
  );
}

/** The free-text rule as a zod field; the contract owns it (the web app checks with it too). */
export { freeText } from '../contract/common.js';
