import type { AuthUser } from '../auth/accountTypes.js';
import type { AppDeps } from '../deps.js';
import { NotFound } from '../errors.js';
import { projectOwner } from '../reads/projects.js';

export type Principal = AuthUser;

/**
 * The project if the caller may act on it: its owner, or an admin when `allowAdmin`. Anything
 * else — missing, deleted, someone else's — is the same 404, never a 403 (no existence leak).
 */
export async function requireProjectAccess(
  deps: AppDeps,
  principal: Principal,
  projectId: string,
  opts: { allowAdmin: boolean },
): Promise<{ ownerId: string }> {
  const owner = await projectOwner(deps, projectId);
  if (!owner) throw new NotFound('Project not found');
  if (owner === principal.userId) return { ownerId: owner };
  if (opts.allowAdmin && principal.role === 'admin') return { ownerId: owner };
  throw new NotFound('Project not found');
}
