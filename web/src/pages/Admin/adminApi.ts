import { api, TOKEN_KEY } from '../../api/client';
import type { AdminProject, AdminStats, AdminUser, AuditFilters, AuditPage } from './types';

/** The admin calls of spec §7, with the bearer token of the session. */
export const adminApi = {
  stats: () => api.get<AdminStats>('/admin/stats'),
  users: () => api.get<{ users: AdminUser[] }>('/admin/users').then((r) => r.users),
  projects: () => api.get<{ projects: AdminProject[] }>('/admin/projects').then((r) => r.projects),
  publicProjects: () =>
    api.get<{ projects: AdminProject[] }>('/admin/public-projects').then((r) => r.projects),
  user: (id: string) => api.get<{ user: AdminUser }>(`/admin/users/${encodeURIComponent(id)}`),
  /** The dashboard's project shape (same as GET /api/projects). */
  userProjects: <P = unknown>(id: string) =>
    api.get<P[]>(`/admin/users/${encodeURIComponent(id)}/projects`),
  deleteUser: (id: string) => api.delete<void>(`/admin/users/${encodeURIComponent(id)}`),
  deleteProject: (id: string) => api.delete<void>(`/admin/projects/${encodeURIComponent(id)}`),
  bulkDeleteProjects: (ids: string[]) =>
    api.post<{ deleted: number }>('/admin/projects/bulk-delete', { ids }),
  audit: (filters: AuditFilters, before?: string, limit = 50) =>
    api.get<AuditPage>(`/admin/audit?${auditQuery(filters, { before, limit })}`),
};

/** Query string of the audit filters (blank values left out). */
export function auditQuery(
  filters: AuditFilters,
  extra: { before?: string | undefined; limit?: number; format?: 'csv' } = {},
): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...extra })) {
    if (v !== undefined && v !== null && String(v).trim() !== '') q.set(k, String(v).trim());
  }
  return q.toString();
}

/** Downloads the filtered audit log as CSV (the bearer token rules out a plain link). */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const token = globalThis.localStorage?.getItem(TOKEN_KEY);
  const res = await fetch(`/api/admin/audit?${auditQuery(filters, { format: 'csv' })}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'cusp-audit.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
