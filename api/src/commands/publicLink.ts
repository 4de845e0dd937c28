import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { NotFound } from '../errors.js';
import { insertLinkRow, LINK_FIELD, newPublicToken, publicTokenOf } from '../links/projectLinks.js';

/**
 * The project's public link, created once (the token sealed with the project's key). Concurrent
 * callers (retries with one Idempotency-Key) all get the token of whoever inserted first.
 */
export async function ensurePublicToken(
  deps: Pick<AppDeps, 'db' | 'keys'>,
  projectId: string,
): Promise<string> {
  const token = newPublicToken();
  const sealed = await deps.keys.seal(projectSubject(projectId), LINK_FIELD, token);
  await insertLinkRow(deps, projectId, token, sealed);
  const stored = await publicTokenOf(deps, projectId);
  if (!stored) throw new NotFound('Project not found');
  return stored;
}
