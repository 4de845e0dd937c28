/**
 * Every API address the web app calls, relative to `API_BASE`. Import-free, so the viewer's boot
 * code (which must stay small) can build its early requests from the same place.
 */

export const API_BASE = '/api';

const seg = encodeURIComponent;

export const paths = {
  login: '/login',
  loginBotCheck: '/login/bot-check',
  register: '/register',
  logout: '/logout',
  me: '/me',
  commentMails: '/me/comment-mails',
  verifyEmail: (token: string) => `/verify-email/${seg(token)}`,
  resendVerification: '/resend-verification',
  forgotPassword: '/forgot-password',
  resetPasswordCheck: '/reset-password/check',
  resetPassword: '/reset-password',
  botCheckChallenge: (purpose: string) => `/botcheck/challenge?purpose=${seg(purpose)}`,
  materials: '/materials',

  projects: '/projects',
  projectStats: '/projects/stats',
  projectSearch: (query: string) => `/projects${query ? `?${query}` : ''}`,
  projectAttention: (since: string | null) =>
    `/projects/attention${since ? `?since=${seg(since)}` : ''}`,
  project: (id: string) => `/projects/${seg(id)}`,
  projectStatus: (id: string) => `/projects/${seg(id)}/status`,
  projectChecklist: (id: string) => `/projects/${seg(id)}/checklist`,
  sendEmail: (id: string) => `/projects/${seg(id)}/send-email`,
  feedbackRead: (id: string, feedbackId: string) =>
    `/projects/${seg(id)}/feedback/${seg(feedbackId)}/read`,
  projectHistory: (id: string) => `/projects/${seg(id)}/history`,
  projectHistoryExport: (id: string, ext: 'csv' | 'pdf') => `/projects/${seg(id)}/history.${ext}`,
  projectComments: (id: string) => `/projects/${seg(id)}/comments`,
  projectCommentAction: (id: string, commentId: string, action: 'resolve' | 'reopen') =>
    `/projects/${seg(id)}/comments/${seg(commentId)}/${action}`,
  projectVersions: (id: string) => `/projects/${seg(id)}/versions`,
  approvalRecord: (id: string) => `/projects/${seg(id)}/approval-record`,
  ownerFile: (id: string, filename: string) => `/projects/${seg(id)}/files/${seg(filename)}`,
  ownerView: (id: string, modelId: string) => `/projects/${seg(id)}/view/${seg(modelId)}`,
  ownerUploadedFile: (id: string, modelId: string) =>
    `/projects/${seg(id)}/models/${seg(modelId)}/uploaded`,
  ownerVersionZip: (id: string, version: number) =>
    `/projects/${seg(id)}/versions/${Math.trunc(version)}/zip`,

  publicProjects: '/public/projects',
  publicProject: (token: string) => `/public/projects/${seg(token)}`,
  publicFeedback: (token: string) => `/public/projects/${seg(token)}/feedback`,
  publicApprove: (token: string) => `/public/projects/${seg(token)}/approve`,
  publicComments: (token: string) => `/public/projects/${seg(token)}/comments`,
  publicRequestChanges: (token: string) => `/public/projects/${seg(token)}/request-changes`,
  publicCommentAction: (token: string, commentId: string, action: 'resolve' | 'reopen') =>
    `/public/projects/${seg(token)}/comments/${seg(commentId)}/${action}`,
  publicApprovalRecord: (token: string) => `/public/projects/${seg(token)}/approval-record`,
  publicFile: (token: string, filename: string) =>
    `/public/projects/${seg(token)}/files/${seg(filename)}`,
  publicUploadedFile: (token: string, modelId: string) =>
    `/public/projects/${seg(token)}/models/${seg(modelId)}/uploaded`,
  publicVersionZip: (token: string, version: number) =>
    `/public/projects/${seg(token)}/versions/${Math.trunc(version)}/zip`,
  publicViewPrefix: (token: string) => `/public/projects/${seg(token)}/view/`,
  publicView: (token: string, modelId: string) =>
    `/public/projects/${seg(token)}/view/${seg(modelId)}`,

  adminStats: '/admin/stats',
  adminUsers: '/admin/users',
  adminUser: (id: string) => `/admin/users/${seg(id)}`,
  adminUserProjects: (id: string) => `/admin/users/${seg(id)}/projects`,
  adminProjects: '/admin/projects',
  adminProjectSearch: (query: string) => `/admin/projects${query ? `?${query}` : ''}`,
  adminPublicProjectSearch: (query: string) => `/admin/public-projects${query ? `?${query}` : ''}`,
  adminPublicProjects: '/admin/public-projects',
  adminProject: (id: string) => `/admin/projects/${seg(id)}`,
  adminBulkDelete: '/admin/projects/bulk-delete',
  adminAudit: (query: string) => `/admin/audit?${query}`,
} as const;

/** The full address of an API path, for callers that fetch without the JSON client. */
export const apiUrl = (path: string): string => `${API_BASE}${path}`;
