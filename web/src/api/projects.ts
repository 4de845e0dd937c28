import type {
  AttentionAnswer,
  ChecklistBody,
  ChecklistChoiceAnswer,
  HistoryPage,
  Project,
  ProjectStats,
  SendEmailAnswer,
  VersionAnswer,
} from './contract';
import { api, apiBlob, apiFile, apiListPage } from './client';
import { paths } from './paths';

/** Whose projects: the caller's own, or (admins) another user's. */
const forUser = (userId?: string) => (userId ? `?userId=${encodeURIComponent(userId)}` : '');

/** The signed-in project calls (the dashboard, the history page, the success modal). */
export const projectsApi = {
  list: (userId?: string) => api.get<Project[]>(`${paths.projects}${forUser(userId)}`),
  /** One page of the searched list (`query`: see `dashboardQuery.listQuery`) and its total. */
  search: (query: string, signal?: AbortSignal) =>
    apiListPage<Project[]>(paths.projectSearch(query), signal),
  /** What needs the owner's attention; `since`: the last visit (approvals since then). */
  attention: (since: string | null, signal?: AbortSignal) =>
    api.get<AttentionAnswer>(paths.projectAttention(since), signal ? { signal } : {}),
  /** A project's thumbnail (owner, admin) at the address the list names. */
  thumbnail: (url: string, signal?: AbortSignal) => apiBlob(url, signal),
  stats: (userId?: string) => api.get<ProjectStats>(`${paths.projectStats}${forUser(userId)}`),
  get: (id: string, signal?: AbortSignal) => api.get<Project>(paths.project(id), { signal }),
  remove: (id: string) => api.delete<void>(paths.project(id)),
  /** A new version (multipart: `versionData` first, then the new `models` and their lists). */
  addVersion: (id: string, form: FormData) =>
    api.post<VersionAnswer>(paths.projectVersions(id), form),
  sendEmail: (id: string, doctorEmail: string) =>
    api.post<SendEmailAnswer>(paths.sendEmail(id), { doctorEmail }),
  /** The technician's status change (e.g. back to `pending_review` when a revision is ready). */
  setStatus: (id: string, status: string) => api.put<unknown>(paths.projectStatus(id), { status }),
  /** The checklist items the doctor is asked (empty: none). */
  setChecklist: (id: string, body: ChecklistBody) =>
    api.put<ChecklistChoiceAnswer>(paths.projectChecklist(id), body),
  markFeedbackRead: (id: string, feedbackId: string) =>
    api.put<void>(paths.feedbackRead(id, feedbackId)),
  /** The record of the current approval as a PDF (404 `not_approved` without one). */
  approvalRecord: (id: string) => apiFile(paths.approvalRecord(id), 'application/pdf'),
  history: (id: string, after?: string | null, signal?: AbortSignal) =>
    api.get<HistoryPage>(
      `${paths.projectHistory(id)}${after ? `?after=${encodeURIComponent(after)}` : ''}`,
      signal ? { signal } : {},
    ),
  /** The whole history as a file (its owner only). */
  historyExport: (id: string, ext: 'csv' | 'pdf') =>
    apiBlob(
      paths.projectHistoryExport(id, ext),
      undefined,
      ext === 'csv' ? 'text/csv' : 'application/pdf',
    ),
};
