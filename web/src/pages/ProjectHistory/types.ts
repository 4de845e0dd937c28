/** Shapes of GET /api/projects/{id}/history, shared with the server (types only). */
export type { HistoryEntry, HistoryPage } from '../../../../api/src/routes/auditTypes';
