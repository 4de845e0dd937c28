import type {
  AdminProject,
  AdminStats,
  AdminUser,
  AuditFilters,
  AuditPage,
  Project,
} from './contract';
import { api, apiListPage, TOKEN_KEY } from './client';
import { apiUrl, paths } from './paths';

/** The admin calls, with the bearer token of the session. */
export const adminApi = {
  stats: () => api.get<AdminStats>(paths.adminStats),
  users: () => api.get<{ users: AdminUser[] }>(paths.adminUsers).then((r) => r.users),
  /** One page of the signed-in (`projects`) or anonymous (`public`) list and its total. */
  projectPage: (kind: 'projects' | 'public', query: string, signal?: AbortSignal) =>
    apiListPage<{ projects: AdminProject[] }>(
      kind === 'projects' ? paths.adminProjectSearch(query) : paths.adminPublicProjectSearch(query),
      signal,
    ).then((p) => ({ items: p.items.projects, total: p.total })),
  user: (id: string) => api.get<{ user: AdminUser }>(paths.adminUser(id)),
  /** The dashboard's project list of one user. */
  userProjects: (id: string) => api.get<Project[]>(paths.adminUserProjects(id)),
  deleteUser: (id: string) => api.delete<void>(paths.adminUser(id)),
  deleteProject: (id: string) => api.delete<void>(paths.adminProject(id)),
  bulkDeleteProjects: (ids: string[]) =>
    api.post<{ deleted: number }>(paths.adminBulkDelete, { ids }),
  audit: (filters: AuditFilters, before?: string, limit = 50) =>
    api.get<AuditPage>(paths.adminAudit(auditQuery(filters, { before, limit }))),
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
  const res = await fetch(apiUrl(paths.adminAudit(auditQuery(filters, { format: 'csv' }))), {
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
