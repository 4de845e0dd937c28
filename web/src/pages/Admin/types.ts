/**
 * Shapes of the admin API (spec §3 "Admin stats", "Admin list adds projectCount, totalStorage,
 * createdAt"; §7 admin calls). The server side is api/src/routes/admin.ts and audit.ts; the row
 * shapes it shares with the server live in api/src/routes/adminTypes.ts (types only).
 */

export type { AdminProject, AdminStats, AdminUser } from '../../../../api/src/routes/adminTypes';

export type ActorKind = 'user' | 'admin' | 'link' | 'anonymous' | 'system';

/**
 * One row of the audit log read model: who did what to which subject, when (UTC). It holds no
 * personal data at all: actors are ids, actions are event types.
 */
export interface AuditEntry {
  /** Store position `tx:gp`: the order key and the paging cursor. */
  seq: string;
  eventId: string;
  /** Event type, e.g. ProjectDeleted. */
  action: string;
  /** `admin:<id>`, `user:<id>`, `link:<id>`, `anonymous`, `system`. */
  actor: string;
  actorKind: ActorKind | string;
  /** `project-<id>` or `user-<id>` */
  stream: string;
  subjectType: string;
  subjectId: string | null;
  at: string;
}

export interface AuditPage {
  items: AuditEntry[];
  /** Pass as `before` to get the next (older) page; null at the end. */
  nextCursor: string | null;
}

export interface AuditFilters {
  actor?: string;
  projectId?: string;
  type?: string;
  /** ISO date or date-time, inclusive. */
  from?: string;
  /** ISO date or date-time, exclusive. */
  to?: string;
}
