/**
 * Shapes of the admin API (spec §3 "Admin stats", "Admin list adds projectCount, totalStorage,
 * createdAt"; §7 admin calls). The server side is api/src/routes/admin.ts and audit.ts.
 */

import type { Role } from '../../api/types';

export interface AdminStats {
  totalUsers: number;
  /** Users owning at least one project (the Overview's 'N active'). */
  usersWithProjects: number;
  /** Every live project, anonymous uploads included. */
  totalProjects: number;
  /** Model files over every live project. */
  totalFiles: number;
  approvedProjects: number;
  /** Awaiting the doctor: `pending` + `pending_review`. */
  pendingProjects: number;
  /** Changes requested: `pending_revision` (the spec's `rejected`). */
  rejectedProjects: number;
  /** Bytes over every live project's models. */
  totalStorage: number;
  /** Anonymous uploads (userId 'public'). */
  publicProjects: number;
}

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  companyName: string;
  role: Role;
  emailVerified: boolean;
  projectCount: number;
  totalStorage: number;
  createdAt: string;
}

export interface AdminProject {
  id: string;
  name: string;
  patientName: string;
  laboratoryName: string;
  status: string;
  /** Number of models (the Files column). */
  fileCount: number;
  totalSize: number;
  createdAt: string;
  /** `public` marks an anonymous upload. */
  userId: string;
  userName: string;
  userCompany: string;
  user: { name: string; companyName: string } | null;
  /** The public link token when the server can show it; else the viewer opens by id. */
  publicToken: string | null;
}

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
