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

/** What the owner sees of a project's link: its state, settings and every logged opening. */
export async function linkDetails(
  deps: AppDeps,
  projectId: string,
  token: string,
): Promise<LinkDetails> {
  const [row, views] = await Promise.all([
    linkRowOf(deps.db, projectId),
    linkViewsOf(deps.db, projectId),
  ]);
  const now = deps.now();
  const locked =
    row?.lockedUntil && Date.parse(row.lockedUntil) > now.getTime() ? row.lockedUntil : null;
  return {
    ...linkSummaryOf(row, token, now),
    publicLink: publicLinkFor(deps, token),
    lockedUntil: locked,
    views: views as LinkView[],
  };
}
