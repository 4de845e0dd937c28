import { projectSearchQuery, type ProjectSearchQuery } from '../contract/dashboard.js';
import { ValidationError } from '../errors.js';
import { parseOr400 } from '../http/validate.js';
import { activityRange } from '../reads/projectSearch.js';

/** The query of the project lists (issue 21); anything wrong answers 400 `invalid_query`. */
export function parseSearchQuery(raw: unknown): ProjectSearchQuery {
  let q: ProjectSearchQuery;
  try {
    q = parseOr400(projectSearchQuery, raw);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    throw new ValidationError(`Invalid search: ${err.message}`, 'invalid_query', err.details);
  }
  const { from, until } = activityRange(q);
  if (from && until && from >= until) {
    throw new ValidationError('Invalid search: from must be on or before to', 'invalid_query');
  }
  return q;
}
