import type { z } from 'zod';
import * as admin from './admin.js';
import * as audit from './audit.js';
import * as auth from './auth.js';
import * as botCheck from './botCheck.js';
import * as comments from './comments.js';
import * as commentMails from './commentMails.js';
import * as dashboard from './dashboard.js';
import * as docs from './docs.js';
import { errorAnswer } from './common.js';
import * as files from './files.js';
import * as health from './health.js';
import * as links from './links.js';
import * as materials from './materials.js';
import * as projects from './projects.js';
import * as pub from './public.js';
import * as review from './review.js';
import * as versions from './versions.js';

/**
 * Every route of the API with the schemas of what it takes and answers, keyed `METHOD /path`
 * (Fastify's path syntax). Success answers are listed by status: a schema for JSON, `'bytes'`
 * for a binary or text body, `null` for no body. Failures answer the house error shape
 * (`errorAnswer`) unless a route lists its own for that status.
 */
export interface RouteContract {
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body; `'multipart'` for the upload forms. */
  body?: z.ZodType | 'multipart';
  answers: Readonly<Record<number, z.ZodType | 'bytes' | null>>;
}

export const API_ROUTES = {
  'GET /api/health': {
    answers: { 200: health.healthAnswer, 503: health.healthUnavailableAnswer },
  },
  'GET /api/materials': { answers: { 200: materials.materialsAnswer } },
  'GET /api/openapi.json': { answers: { 200: docs.openApiDocument } },
  'GET /api/docs': { answers: { 200: 'bytes' } },
  'GET /api/botcheck/challenge': {
    query: botCheck.challengeQuery,
    answers: { 200: botCheck.widgetConfig },
  },

  'POST /api/register': { body: auth.registerBody, answers: { 201: auth.authAnswer } },
  'POST /api/login': { body: auth.loginBody, answers: { 200: auth.authAnswer } },
  'POST /api/login/bot-check': {
    body: auth.loginBotCheckBody,
    answers: { 200: auth.loginBotCheckAnswer },
  },
  'POST /api/forgot-password': {
    body: auth.forgotPasswordBody,
    answers: { 202: auth.forgotPasswordAnswer },
  },
  'POST /api/reset-password/check': {
    body: auth.resetCheckBody,
    answers: { 200: auth.resetCheckAnswer },
  },
  'POST /api/reset-password': {
    body: auth.resetPasswordBody,
    answers: { 200: auth.resetPasswordAnswer },
  },
  'GET /api/me': { answers: { 200: auth.meAnswer } },
  'POST /api/logout': { answers: { 204: null } },
  'GET /api/me/comment-mails': { answers: { 200: commentMails.commentMailsAnswer } },
  'PUT /api/me/comment-mails': {
    body: commentMails.commentMailsBody,
    answers: { 200: commentMails.commentMailsAnswer },
  },
  'GET /api/verify-email/:token': {
    params: auth.verifyEmailParams,
    answers: { 200: auth.verifyEmailCheckAnswer },
  },
  'POST /api/verify-email/:token': {
    params: auth.verifyEmailParams,
    answers: { 200: auth.verifyEmailAnswer },
  },
  'POST /api/resend-verification': {
    body: auth.resendVerificationBody,
    answers: { 202: auth.resendVerificationAnswer },
  },

  'POST /api/projects': {
    body: 'multipart',
    // 200: a retried upload with the same idempotency key answers the first one's result.
    answers: { 201: projects.createAnswer, 200: projects.createAnswer },
  },
  'GET /api/projects': {
    query: dashboard.projectSearchQuery,
    answers: { 200: projects.projectList },
  },
  'GET /api/projects/:id/thumbnail': {
    params: projects.projectIdParams,
    query: dashboard.thumbnailQuery,
    answers: { 200: 'bytes' },
  },
  'GET /api/projects/attention': {
    query: dashboard.attentionQuery,
    answers: { 200: dashboard.attentionAnswer },
  },
  'GET /api/projects/stats': {
    query: projects.projectListQuery,
    answers: { 200: projects.projectStats },
  },
  'GET /api/projects/:id': { params: projects.projectIdParams, answers: { 200: projects.project } },
  'PUT /api/projects/:id/status': {
    params: projects.projectIdParams,
    body: projects.statusBody,
    answers: { 200: projects.statusAnswer },
  },
  'DELETE /api/projects/:id': { params: projects.projectIdParams, answers: { 204: null } },
  'POST /api/projects/:id/send-email': {
    params: projects.projectIdParams,
    body: projects.sendEmailBody,
    answers: { 200: projects.sendEmailAnswer },
  },
  'PUT /api/projects/:id/feedback/:feedbackId/read': {
    params: projects.feedbackReadParams,
    answers: { 204: null },
  },
  'POST /api/projects/:id/feedback': {
    params: projects.projectIdParams,
    body: review.feedbackBody,
    answers: { 201: review.feedbackAnswer },
  },
  'POST /api/projects/:id/versions': {
    params: projects.projectIdParams,
    body: 'multipart',
    answers: { 201: versions.versionAnswer },
  },
  'GET /api/projects/:id/history': {
    params: audit.historyParams,
    query: audit.historyQuery,
    answers: { 200: audit.historyPage },
  },
  'GET /api/projects/:id/link': {
    params: projects.projectIdParams,
    answers: { 200: links.linkDetails },
  },
  'PUT /api/projects/:id/link': {
    params: projects.projectIdParams,
    body: links.linkSettingsBody,
    answers: { 200: links.linkDetails },
  },
  'POST /api/projects/:id/link/revoke': {
    params: projects.projectIdParams,
    answers: { 200: links.linkDetails },
  },
  'POST /api/projects/:id/link/rotate': {
    params: projects.projectIdParams,
    body: links.rotateLinkBody,
    answers: { 200: links.rotateLinkAnswer },
  },
  'GET /api/projects/:id/files/:filename': {
    params: files.ownerFileParams,
    answers: { 200: 'bytes' },
  },
  'GET /api/projects/:id/view/:modelId': {
    params: files.ownerViewParams,
    query: files.viewQuery,
    answers: { 200: 'bytes' },
  },

  'POST /api/public/projects': {
    body: 'multipart',
    answers: { 201: projects.createAnswer, 200: projects.createAnswer },
  },
  'GET /api/public/projects/:token': {
    params: pub.publicTokenParams,
    answers: { 200: pub.publicProject },
  },
  'POST /api/public/projects/:token/feedback': {
    params: pub.publicTokenParams,
    body: review.feedbackBody,
    answers: { 201: review.feedbackAnswer },
  },
  'POST /api/public/projects/:token/approve': {
    params: pub.publicTokenParams,
    body: review.approveBody,
    answers: { 200: review.approveAnswer },
  },
  'POST /api/public/projects/:token/unlock': {
    params: pub.publicTokenParams,
    body: links.unlockBody,
    answers: { 200: links.unlockAnswer },
  },
  'POST /api/public/projects/:token/opened': {
    params: pub.publicTokenParams,
    body: links.openedBody,
    answers: { 204: null },
  },
  'GET /api/public/projects/:token/comments': {
    params: pub.publicTokenParams,
    answers: { 200: comments.commentsAnswer },
  },
  'POST /api/public/projects/:token/comments': {
    params: pub.publicTokenParams,
    body: comments.doctorCommentBody,
    answers: { 201: comments.commentAnswer },
  },
  'POST /api/public/projects/:token/request-changes': {
    params: pub.publicTokenParams,
    body: comments.requestChangesBody,
    answers: { 201: comments.requestChangesAnswer },
  },
  'POST /api/public/projects/:token/comments/:commentId/resolve': {
    params: comments.tokenCommentParams,
    answers: { 200: comments.commentAnswer },
  },
  'POST /api/public/projects/:token/comments/:commentId/reopen': {
    params: comments.tokenCommentParams,
    answers: { 200: comments.commentAnswer },
  },
  'GET /api/projects/:id/comments': {
    params: projects.projectIdParams,
    answers: { 200: comments.commentsAnswer },
  },
  'POST /api/projects/:id/comments': {
    params: projects.projectIdParams,
    body: comments.technicianCommentBody,
    answers: { 201: comments.commentAnswer },
  },
  'POST /api/projects/:id/comments/:commentId/resolve': {
    params: comments.idCommentParams,
    answers: { 200: comments.commentAnswer },
  },
  'POST /api/projects/:id/comments/:commentId/reopen': {
    params: comments.idCommentParams,
    answers: { 200: comments.commentAnswer },
  },
  'GET /api/public/projects/:token/files/:filename': {
    params: files.publicFileParams,
    answers: { 200: 'bytes' },
  },
  'GET /api/public/projects/:token/view/:modelId': {
    params: files.publicViewParams,
    query: files.viewQuery,
    answers: { 200: 'bytes' },
  },
  'POST /api/dcm/convert': { body: 'multipart', answers: { 200: 'bytes' } },

  'GET /api/admin/stats': { answers: { 200: admin.adminStats } },
  'GET /api/admin/users': { answers: { 200: admin.adminUsersAnswer } },
  'GET /api/admin/projects': {
    query: dashboard.projectSearchQuery,
    answers: { 200: admin.adminProjectsAnswer },
  },
  'GET /api/admin/public-projects': {
    query: dashboard.projectSearchQuery,
    answers: { 200: admin.adminProjectsAnswer },
  },
  'GET /api/admin/users/:id': {
    params: admin.adminIdParams,
    answers: { 200: admin.adminUserAnswer },
  },
  'GET /api/admin/users/:id/projects': {
    params: admin.adminIdParams,
    answers: { 200: projects.projectList },
  },
  'DELETE /api/admin/users/:id': { params: admin.adminIdParams, answers: { 204: null } },
  'DELETE /api/admin/projects/:id': { params: admin.adminIdParams, answers: { 204: null } },
  'POST /api/admin/projects/bulk-delete': {
    body: admin.bulkDeleteBody,
    answers: { 200: admin.bulkDeleteAnswer },
  },
  'GET /api/admin/audit': {
    query: audit.auditQuery,
    // `format=csv` answers the export as text/csv.
    answers: { 200: audit.auditPage },
  },
} as const satisfies Record<string, RouteContract>;

export type ApiRoute = keyof typeof API_ROUTES;

/** The schema a failure answer of a route must match. */
export function failureSchema(route: ApiRoute, status: number): z.ZodType {
  const own = (API_ROUTES[route].answers as Record<number, z.ZodType | 'bytes' | null>)[status];
  return own && own !== 'bytes' ? own : errorAnswer;
}
