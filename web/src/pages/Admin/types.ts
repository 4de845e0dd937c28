/**
 * Shapes of the admin API (spec §3 "Admin stats", "Admin list adds projectCount, totalStorage,
 * createdAt"; §7 admin calls). The server side is api/src/routes/admin.ts and audit.ts; the row
 * shapes it shares with the server live in api/src/routes/adminTypes.ts (types only).
 */

export type { AdminProject, AdminStats, AdminUser } from '../../../../api/src/routes/adminTypes';

/** Audit answers (GET /api/admin/audit), shared with the server. */
export type { AuditEntry, AuditPage } from '../../../../api/src/routes/auditTypes';

export interface AuditFilters {
  actor?: string;
  projectId?: string;
  type?: string;
  /** ISO date or date-time, inclusive. */
  from?: string;
  /** ISO date or date-time, exclusive. */
  to?: string;
}
