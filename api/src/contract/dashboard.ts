import { z } from 'zod';
import { PROJECT_STATUSES } from '../domain/project.js';
import { isoInstant, uuidParam } from './common.js';

/**
 * The dashboard's reads: search, filters, sort and pages over the project lists (owner
 * and admin), what needs attention, and the fields a card shows beyond the project itself.
 * Answers stay the spec's arrays; a page says the whole count in the `X-Total-Count` header.
 */

export const LIST_PAGE_MAX = 100;
export const SEARCH_MAX_CHARS = 100;
/** Links that close within this many days show in "Needs attention". */
export const LINK_EXPIRING_DAYS = 7;
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const LIST_SORTS = ['activity', 'created', 'name'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** A calendar day (`2026-11-27`, read as UTC) or an instant. */
const dayOrInstant = z.union([z.iso.date(), isoInstant]);

/** The query of `GET /api/projects` and `GET /api/admin/projects` (all optional). */
export const projectSearchQuery = z.strictObject({
  /** Admins: one user's projects. */
  userId: uuidParam.optional(),
  /** Words matched (case- and accent-insensitive) in project name, patient and laboratory. */
  q: z.string().max(SEARCH_MAX_CHARS).optional(),
  /** One status or several, comma-separated. */
  status: z
    .string()
    .max(200)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.enum(PROJECT_STATUSES)).max(PROJECT_STATUSES.length))
    .optional(),
  /** `answer`: unread doctor comments, or changes requested. */
  needs: z.literal('answer').optional(),
  /** Last activity on or after / on or before (a day includes the whole day). */
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  /** Newest first for `activity` and `created`; A→Z for `name`. Default `created`. */
  sort: z.enum(LIST_SORTS).optional(),
  /** Without `limit` the whole list comes back (the spec's answer). */
  limit: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type ProjectSearchQuery = z.infer<typeof projectSearchQuery>;

/** Added to every project the owner and admin lists answer. */
export const projectActivityFields = {
  /** The latest of: created, new version, comment, reply, status change, approval. */
  lastActivityAt: isoInstant,
  /** Unread doctor comments, or changes requested and not answered by a new version. */
  needsAnswer: z.boolean(),
  /** `/api/projects/{id}/thumbnail?v=…`, or null while it is being built (or no model). */
  thumbnailUrl: z.string().nullable(),
};

export const ATTENTION_KINDS = [
  'new_comments',
  'changes_requested',
  'link_expiring',
  'approved',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/** `GET /api/projects/attention?since=` — `since`: the client's last visit (for approvals). */
export const attentionQuery = z.strictObject({ since: isoInstant.optional() });

export const attentionItem = z.strictObject({
  kind: z.enum(ATTENTION_KINDS),
  projectId: z.uuid(),
  projectName: z.string(),
  /** New comments: how many; else 1. */
  count: z.number().int().nonnegative(),
  /** When it happened (for `link_expiring`: when the link closes). */
  at: isoInstant,
});
export type AttentionItem = z.infer<typeof attentionItem>;

export const attentionAnswer = z.strictObject({ items: z.array(attentionItem) });
export type AttentionAnswer = z.infer<typeof attentionAnswer>;

/** `GET /api/projects/{id}/thumbnail?v=`: `v` the version (the list's URL names it); else the newest. */
export const thumbnailQuery = z.strictObject({
  v: z.coerce.number().int().min(1).max(100_000).optional(),
});
