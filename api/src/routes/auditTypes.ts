/** The audit answers (admin audit view, a project's history): the API contract's types. */
export type { AuditEntry, AuditPage, HistoryEntry, HistoryPage } from '../contract/audit.js';
