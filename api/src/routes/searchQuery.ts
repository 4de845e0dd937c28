import type { ProjectSearchQuery } from '../contract/dashboard.js';
import { ValidationError } from '../errors.js';
import { activityRange } from '../reads/projectSearch.js';

/**
 * The project lists' query, parsed by the contract (a bad one is 400
 * `invalid_query`, `http/contractSchemas.ts`), with the rule one field cannot say: `from` on or
 * before `to`.
 */
export function checkSearchRange(q: ProjectSearchQuery): ProjectSearchQuery {
  const { from, until } = activityRange(q);
  if (from && until && from >= until) {
    throw new ValidationError('Invalid search: from must be on or before to', 'invalid_query');
  }
  return q;
}
