import type { AppDeps } from '../deps.js';
import { hashPublicToken, publicLinkFor } from './projectLinks.js';
import {
  linkRowOf,
  linkRowsOf,
  linkViewsOf,
  type LinkRow,
} from '../../../projections/src/projectLinks/queries.js';
import { linkStateOf } from './access.js';
import type { LinkDetails, LinkSummary, LinkView } from '../contract/links.js';

export function linkSummaryOf(row: LinkRow | null, token: string | null, now: Date): LinkSummary {
  return {
    state: linkStateOf(row, token ? hashPublicToken(token) : null, now),
    expiresAt: row?.expiresAt ?? null,
    pinSet: row?.pinHash != null,
    downloadsAllowed: row?.downloadsAllowed ?? false,
    openCount: row?.openCount ?? 0,
    lastOpenedAt: row?.lastOpenedAt ?? null,
  };
}

/** Card summaries of several projects' links, by project id (token: each project's current one). */
export async function linkSummaries(
  deps: AppDeps,
  tokens: Map<string, string | null>,
): Promise<Map<string, LinkSummary>> {
  const rows = await linkRowsOf(deps.db, [...tokens.keys()]);
  const now = deps.now();
  const out = new Map<string, LinkSummary>();
  for (const [id, token] of tokens) out.set(id, linkSummaryOf(rows.get(id) ?? null, token, now));
  return out;
}

/**
 * What the owner sees of a project's link: its state, settings, the PIN lock and the wrong PINs
 * counting towards it, and every logged opening.
 */
export async function linkDetails(
  deps: AppDeps,
  projectId: string,
  token: string,
): Promise<LinkDetails> {
  const now = deps.now();
  // The lock comes from the PIN counter itself, not the read model: the owner's dialog asks
  // again while open, and must show a lock (or its end) the moment the doctor's page does.
  const [row, views, pins] = await Promise.all([
    linkRowOf(deps.db, projectId),
    linkViewsOf(deps.db, projectId),
    deps.links.pins.state(hashPublicToken(token), now),
  ]);
  return {
    ...linkSummaryOf(row, token, now),
    publicLink: publicLinkFor(deps, token),
    lockedUntil: pins.lockedUntil?.toISOString() ?? null,
    pinFailures: pins.failures,
    views: views as LinkView[],
  };
}
