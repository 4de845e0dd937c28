import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';

/*
 * A project's public link (`project_links`): the token sealed with the project's key and its
 * SHA-256 for lookups. Written once per project, removed when the project is deleted.
 */

/** Public token: `pub_` + 43 base64url characters = 256 random bits, too many to guess. */
export const PUBLIC_TOKEN = /^pub_[A-Za-z0-9_-]{43}$/;
export const newPublicToken = (): string => `pub_${randomBytes(32).toString('base64url')}`;
export const hashPublicToken = (token: string): Buffer =>
  createHash('sha256').update(token, 'utf8').digest();
export const publicLinkFor = (deps: AppDeps, token: string): string =>
  `${deps.config.publicBaseUrl}/viewer/${token}`;

/** The field name the token is sealed under with the project's key. */
export const LINK_FIELD = 'publicToken';

/** Inserts the project's link row unless it has one: the first writer's token stays. */
export async function insertLinkRow(
  deps: Pick<AppDeps, 'db'>,
  projectId: string,
  token: string,
  sealedToken: string,
): Promise<void> {
  await deps.db.query(
    `INSERT INTO project_links (project_id, token_hash, token_sealed) VALUES ($1, $2, $3)
     ON CONFLICT (project_id) DO NOTHING`,
    [projectId, hashPublicToken(token), sealedToken],
  );
}

/** Points the project's link row at another token. */
export async function updateLinkRow(
  deps: Pick<AppDeps, 'db'>,
  projectId: string,
  token: string,
  sealedToken: string,
): Promise<void> {
  await deps.db.query(
    'UPDATE project_links SET token_hash = $2, token_sealed = $3 WHERE project_id = $1',
    [projectId, hashPublicToken(token), sealedToken],
  );
}

export async function publicTokenOf(
  deps: Pick<AppDeps, 'db' | 'keys'>,
  projectId: string,
): Promise<string | null> {
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
): Promise<{ projectId: string; tokenSealed: string }[]> {
  const r = await deps.db.query<{ projectId: string; tokenSealed: string }>(
    `SELECT project_id AS "projectId", token_sealed AS "tokenSealed"
       FROM project_links WHERE project_id = ANY($1::uuid[])`,
    [projectIds],
  );
  return r.rows;
}
