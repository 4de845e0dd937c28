import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { Gone, NotFound, Unauthorized } from '../errors.js';
import {
  linkRowOf,
  retiredTokenProject,
  type LinkRow,
} from '../../../projections/src/projectLinks/queries.js';
import { hashPublicToken, PUBLIC_TOKEN } from './projectLinks.js';
import { grantFromCookies, grantValid } from './grant.js';
import type { LinkStateName } from '../contract/links.js';

export const LINK_EXPIRED_MESSAGE = 'This link has expired';
export const LINK_REVOKED_MESSAGE = 'This link was withdrawn by the sender';
export const PIN_REQUIRED_MESSAGE = 'Please enter the PIN';

export interface FoundLink {
  projectId: string;
  tokenHash: Buffer;
  /** The token is an old one, replaced by a rotation. */
  retired: boolean;
  row: LinkRow | null;
}

/** The project behind a token — current or replaced by a rotation — or null. */
export async function findLink(deps: AppDeps, token: string): Promise<FoundLink | null> {
  if (!PUBLIC_TOKEN.test(token)) return null;
  const tokenHash = hashPublicToken(token);
  const current = await deps.db.query<{ project_id: string }>(
    'SELECT project_id FROM project_links WHERE token_hash = $1',
    [tokenHash],
  );
  let projectId = current.rows[0]?.project_id ?? null;
  const retired = projectId === null;
  projectId ??= await retiredTokenProject(deps.db, tokenHash);
  if (projectId === null) return null;
  return { projectId, tokenHash, retired, row: await linkRowOf(deps.db, projectId) };
}

/** Whether the link opens now: revoked beats expired. */
export function linkStateOf(
  row: LinkRow | null,
  tokenHash: Buffer | null,
  now: Date,
  retired = false,
): LinkStateName {
  if (retired) return 'revoked';
  if (row?.revokedTokenHash && (!tokenHash || row.revokedTokenHash === tokenHash.toString('hex')))
    return 'revoked';
  if (row?.expiresAt && Date.parse(row.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

/** 410 with the code the viewer turns into its "expired" / "withdrawn" page. */
export function refuseClosedLink(state: LinkStateName): void {
  if (state === 'revoked') throw new Gone(LINK_REVOKED_MESSAGE, 'link_revoked');
  if (state === 'expired') throw new Gone(LINK_EXPIRED_MESSAGE, 'link_expired');
}

/**
 * The gate of every public route: the project id behind a live link the caller may use. Unknown
 * → 404 (`notFound`), withdrawn or rotated away → 410 `link_revoked`, past its expiry → 410
 * `link_expired`, PIN set and no valid grant cookie → 401 `pin_required`.
 */
export async function openPublicLink(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
  notFound = 'Project not found',
): Promise<string> {
  return (await gatePublicLink(deps, request, token, notFound)).projectId;
}

/** `openPublicLink` with the link's row, for answers that are kept only as long as it allows. */
export async function gatePublicLink(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
  notFound = 'Project not found',
): Promise<{ projectId: string; row: LinkRow | null }> {
  const link = await findLink(deps, token);
  if (!link) throw new NotFound(notFound);
  const now = deps.now();
  refuseClosedLink(linkStateOf(link.row, link.tokenHash, now, link.retired));
  const row = link.row;
  if (row?.pinHash && row.pinSetAt) {
    const grant = grantFromCookies(request.headers.cookie);
    if (!grantValid(deps.links.key, grant, link.tokenHash.toString('hex'), row.pinHash, now)) {
      throw new Unauthorized(PIN_REQUIRED_MESSAGE, 'pin_required');
    }
  }
  return { projectId: link.projectId, row };
}

/**
 * Until when an answer made through the gate may be served again without it: never for a link
 * with a PIN (each caller shows its own grant), else until the link's expiry. Withdrawing,
 * rotating or a new PIN are events of the project, which drop its kept answers anyway.
 */
export function keepAnswerUntil(row: LinkRow | null, now: Date): number | undefined {
  if (row?.pinHash) return now.getTime();
  return row?.expiresAt ? Date.parse(row.expiresAt) : undefined;
}
