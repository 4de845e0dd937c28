import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { NotFound } from '../errors.js';

/*
 * A project's public link (`project_links`): the token sealed with the project's key and its
 * SHA-256 for lookups. Written once per project, removed when the project is deleted.
 */

/** Public token: `pub_` + 43 base64url characters = 256 random bits (architecture §12). */
export const PUBLIC_TOKEN = /^pub_[A-Za-z0-9_-]{43}$/;
export const newPublicToken = (): string => `pub_${randomBytes(32).toString('base64url')}`;
export const hashPublicToken = (token: string): Buffer =>
  createHash('sha256').update(token, 'utf8').digest();
export const publicLinkFor = (deps: AppDeps, token: string): string =>
  `${deps.config.publicBaseUrl}/viewer/${token}`;

/** The field name the token is sealed under with the project's key. */
export const LINK_FIELD = 'publicToken';

/**
 * The project's public link, created once. Concurrent callers (retries with one
 * Idempotency-Key) all get the token of whoever inserted first.
 */
export async function ensurePublicToken(deps: AppDeps, projectId: string): Promise<string> {
  const subject = projectSubject(projectId);
  const token = newPublicToken();
  const sealed = await deps.keys.seal(subject, LINK_FIELD, token);
  await deps.db.query(
    `INSERT INTO project_links (project_id, token_hash, token_sealed) VALUES ($1, $2, $3)
     ON CONFLICT (project_id) DO NOTHING`,
    [projectId, hashPublicToken(token), sealed],
  );
  const stored = await publicTokenOf(deps, projectId);
  if (!stored) throw new NotFound('Project not found');
  return stored;
}

/** Points the project's link at a new token (a rotation, after its event is recorded). */
export async function replacePublicToken(
  deps: AppDeps,
  projectId: string,
  token: string,
): Promise<void> {
  const sealed = await deps.keys.seal(projectSubject(projectId), LINK_FIELD, token);
  await deps.db.query(
    'UPDATE project_links SET token_hash = $2, token_sealed = $3 WHERE project_id = $1',
    [projectId, hashPublicToken(token), sealed],
  );
}

export async function publicTokenOf(deps: AppDeps, projectId: string): Promise<string | null> {
  const r = await deps.db.query<{ token_sealed: string }>(
    'SELECT token_sealed FROM project_links WHERE project_id = $1',
    [projectId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return deps.keys.open(projectSubject(projectId), LINK_FIELD, row.token_sealed);
}

export async function projectIdForToken(deps: AppDeps, token: string): Promise<string | null> {
  if (!PUBLIC_TOKEN.test(token)) return null;
  const r = await deps.db.query<{ project_id: string }>(
    'SELECT project_id FROM project_links WHERE token_hash = $1',
    [hashPublicToken(token)],
  );
  return r.rows[0]?.project_id ?? null;
}

/** The link row goes with the project (its sealed token is already unreadable by then). */
export async function deletePublicLink(
  deps: Pick<AppDeps, 'db'>,
  projectId: string,
): Promise<void> {
  await deps.db.query('DELETE FROM project_links WHERE project_id = $1', [projectId]);
}

/** The sealed tokens of some projects' links. */
export async function sealedTokensOf(
  deps: Pick<AppDeps, 'db'>,
  projectIds: readonly string[],
): Promise<{ project_id: string; token_sealed: string }[]> {
  const r = await deps.db.query<{ project_id: string; token_sealed: string }>(
    'SELECT project_id, token_sealed FROM project_links WHERE project_id = ANY($1::uuid[])',
    [projectIds],
  );
  return r.rows;
}
