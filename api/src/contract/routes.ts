import type { z } from 'zod';
import * as admin from './admin.js';
import * as approvalRecord from './approvalRecord.js';
import * as audit from './audit.js';
import * as auth from './auth.js';
import * as botCheck from './botCheck.js';
import * as checklist from './checklist.js';
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
 * Who may call a route. `public`: anyone; `link`: anyone holding a public link token (the route
 * opens the link itself: 404, 410 when closed, 401 `pin_required`); `user`: a signed-in
 * account; `verified`: one whose e-mail address is verified (403 `email_unverified`); `admin`:
 * an admin (403 `forbidden`). The server attaches the guard from it (`http/guards.ts`) and
 * openapi.json derives `security` from it.
 */
export type Access = 'public' | 'link' | 'user' | 'verified' | 'admin';

/** A multipart upload form, in the order its parts must come. */
export interface MultipartForm {
  /** The JSON text field sent before any file, with the schema of its JSON. */
  data?: { field: string; schema: z.ZodType };
  /** The file field; `many` when it may repeat. */
  files: { field: string; many: boolean; description: string };
  /** Per-file lists (JSON arrays of strings, or the field repeated), in the files' order. */
  lists?: readonly string[];
}

/**
 * Every route of the API with the schemas of what it takes and answers, keyed `METHOD /path`
 * (Fastify's path syntax). Params and query are validated by the server with these schemas
 * (`http/contractSchemas.ts`), JSON bodies by the route with `body`. Success answers are listed
 * by status: a schema for JSON, `'bytes'` for a binary or text body (its media type in
 * `bytes`, default `application/octet-stream`), `null` for no body. Failures answer the house
 * error shape (`errorAnswer`) unless a route lists its own for that status; `errors` names the
 * 4xx statuses a route answers beyond those its access and input imply.
 */
export interface RouteContract {
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body. */
  body?: z.ZodType;
  /** Multipart upload body. */
  form?: MultipartForm;
  /** Takes an `Idempotency-Key` header. */
  idempotencyKey?: true;
  answers: Readonly<Record<number, z.ZodType | 'bytes' | null>>;
  bytes?: string;
  /** Other media types of the 200 answer (`text/csv` of the audit export). */
  alsoAnswers?: readonly string[];
  errors?: readonly number[];
}

const modelFiles = {
  field: 'models',
  many: true,
  description: 'The model files: STL, PLY or DCM',
} as const;
const modelLists = ['modelMaterials', 'modelCustomNames', 'modelTypes'] as const;
const createForm: MultipartForm = {
  data: { field: 'projectData', schema: projects.projectData },
  files: modelFiles,
  lists: modelLists,
};

export const API_ROUTES = {
  'GET /api/health': {
    summary: 'Health of the server and its stores',
    access: 'public',
    answers: { 200: health.healthAnswer, 503: health.healthUnavailableAnswer },
  },
  'GET /api/materials': {
    summary: 'The material table',
    access: 'public',
    answers: { 200: materials.materialsAnswer },
  },
  'GET /api/openapi.json': {
    summary: 'This description (OpenAPI 3.1)',
    access: 'public',
    answers: { 200: docs.openApiDocument },
  },
  'GET /api/docs': {
    summary: 'This description as a readable page',
    access: 'public',
    answers: { 200: 'bytes' },
    bytes: 'text/html',
  },
  'GET /api/botcheck/challenge': {
    summary: 'What the bot-check widget needs for a purpose',
    access: 'public',
    query: botCheck.challengeQuery,
    answers: { 200: botCheck.widgetConfig },
    errors: [429],
  },

  'POST /api/register': {
    summary: 'Create an account',
    access: 'public',
    body: auth.registerBody,
    answers: { 201: auth.authAnswer },
    errors: [403, 429],
  },
  'POST /api/login': {
    summary: 'Sign in',
    access: 'public',
    body: auth.loginBody,
    answers: { 200: auth.authAnswer },
    errors: [401, 403, 429],
  },
  'POST /api/login/bot-check': {
    summary: 'Whether signing in with this address needs the bot check',
    access: 'public',
    body: auth.loginBotCheckBody,
    answers: { 200: auth.loginBotCheckAnswer },
    errors: [429],
  },
  'POST /api/forgot-password': {
    summary: 'Mail a password reset link',
    access: 'public',
    body: auth.forgotPasswordBody,
    answers: { 202: auth.forgotPasswordAnswer },
    errors: [403, 429],
  },
  'POST /api/reset-password/check': {
    summary: 'Check a password reset link',
    access: 'public',
    body: auth.resetCheckBody,
    answers: { 200: auth.resetCheckAnswer },
    errors: [410, 429],
  },
  'POST /api/reset-password': {
    summary: 'Set a new password with a reset link',
    access: 'public',
    body: auth.resetPasswordBody,
    answers: { 200: auth.resetPasswordAnswer },
    errors: [410, 429],
  },
  'GET /api/me': {
    summary: 'The signed-in account',
    access: 'user',
    answers: { 200: auth.meAnswer },
  },
  'POST /api/logout': {
    summary: 'Sign out (end this session)',
    access: 'user',
    answers: { 204: null },
  },
  'GET /api/me/comment-mails': {
    summary: "The technician's setting for mails about doctors' comments",
    access: 'verified',
    answers: { 200: commentMails.commentMailsAnswer },
  },
  'PUT /api/me/comment-mails': {
    summary: "Change the setting for mails about doctors' comments",
    access: 'verified',
    body: commentMails.commentMailsBody,
    answers: { 200: commentMails.commentMailsAnswer },
  },
  'GET /api/verify-email/:token': {
    summary: 'Check an e-mail verification link',
    access: 'public',
    params: auth.verifyEmailParams,
    answers: { 200: auth.verifyEmailCheckAnswer },
    errors: [410, 429],
  },
  'POST /api/verify-email/:token': {
    summary: 'Verify the e-mail address of an account',
    access: 'public',
    params: auth.verifyEmailParams,
    answers: { 200: auth.verifyEmailAnswer },
    errors: [410, 429],
  },
  'POST /api/resend-verification': {
    summary: 'Mail the verification link again',
    access: 'public',
    body: auth.resendVerificationBody,
    answers: { 202: auth.resendVerificationAnswer },
    errors: [404, 429],
  },

  'POST /api/projects': {
    summary: 'Create a project from an upload',
    access: 'verified',
    form: createForm,
    idempotencyKey: true,
    // 200: a retried upload with the same idempotency key answers the first one's result.
    answers: { 201: projects.createAnswer, 200: projects.createAnswer },
    errors: [409, 422],
  },
  'GET /api/projects': {
    summary: 'Search and list your projects (all of them for an admin)',
    access: 'verified',
    query: dashboard.projectSearchQuery,
    answers: { 200: projects.projectList },
  },
  'GET /api/projects/:id/thumbnail': {
    summary: "A project's thumbnail",
    access: 'verified',
    params: projects.projectIdParams,
    query: dashboard.thumbnailQuery,
    answers: { 200: 'bytes' },
    bytes: 'image/png',
    errors: [404],
  },
  'GET /api/projects/attention': {
    summary: 'What needs your attention since a time',
    access: 'verified',
    query: dashboard.attentionQuery,
    answers: { 200: dashboard.attentionAnswer },
  },
  'GET /api/projects/stats': {
    summary: 'Project counts by status',
    access: 'verified',
    query: projects.projectListQuery,
    answers: { 200: projects.projectStats },
  },
  'GET /api/projects/:id': {
    summary: 'A project',
    access: 'verified',
    params: projects.projectIdParams,
    answers: { 200: projects.project },
    errors: [404],
  },
  'PUT /api/projects/:id/status': {
    summary: "Change a project's status",
    access: 'verified',
    params: projects.projectIdParams,
    body: projects.statusBody,
    answers: { 200: projects.statusAnswer },
    errors: [404, 409],
  },
  'PUT /api/projects/:id/checklist': {
    summary: 'Choose the checklist items the doctor is asked',
    access: 'verified',
    params: projects.projectIdParams,
    body: checklist.checklistBody,
    answers: { 200: checklist.checklistAnswer200 },
    errors: [404],
  },
  'DELETE /api/projects/:id': {
    summary: 'Delete a project and its files',
    access: 'verified',
    params: projects.projectIdParams,
    answers: { 204: null },
    errors: [404],
  },
  'POST /api/projects/:id/send-email': {
    summary: 'Mail the link to a doctor',
    access: 'verified',
    params: projects.projectIdParams,
    body: projects.sendEmailBody,
    answers: { 200: projects.sendEmailAnswer },
    errors: [404, 409, 429],
  },
  'PUT /api/projects/:id/feedback/:feedbackId/read': {
    summary: "Mark a doctor's feedback as read",
    access: 'verified',
    params: projects.feedbackReadParams,
    answers: { 204: null },
    errors: [404],
  },
  'POST /api/projects/:id/feedback': {
    summary: "Reply to a doctor's feedback",
    access: 'verified',
    params: projects.projectIdParams,
    body: review.feedbackBody,
    answers: { 201: review.feedbackAnswer },
    errors: [404, 409],
  },
  'POST /api/projects/:id/versions': {
    summary: 'Add a version of a project from an upload',
    access: 'verified',
    params: projects.projectIdParams,
    form: {
      data: { field: 'versionData', schema: versions.versionData },
      files: modelFiles,
      lists: modelLists,
    },
    answers: { 201: versions.versionAnswer },
    errors: [404, 409, 422],
  },
  'GET /api/projects/:id/history': {
    summary: "A project's history",
    access: 'user',
    params: audit.historyParams,
    query: audit.historyQuery,
    answers: { 200: audit.historyPage },
    errors: [404],
  },
  'GET /api/projects/:id/approval-record': {
    summary: "The record of the project's current approval (PDF; JSON with format=json)",
    access: 'verified',
    params: projects.projectIdParams,
    query: approvalRecord.approvalRecordQuery,
    answers: { 200: approvalRecord.approvalRecord },
    alsoAnswers: ['application/pdf'],
    errors: [404],
  },
  'GET /api/projects/:id/history.csv': {
    summary: "A project's whole history as CSV (its owner only)",
    access: 'verified',
    params: audit.historyParams,
    answers: { 200: 'bytes' },
    bytes: 'text/csv',
    errors: [404],
  },
  'GET /api/projects/:id/history.pdf': {
    summary: "A project's whole history as PDF (its owner only)",
    access: 'verified',
    params: audit.historyParams,
    answers: { 200: 'bytes' },
    bytes: 'application/pdf',
    errors: [404],
  },
  'GET /api/projects/:id/link': {
    summary: "The project's public link: state, PIN, expiry, views",
    access: 'verified',
    params: projects.projectIdParams,
    answers: { 200: links.linkDetails },
    errors: [404],
  },
  'PUT /api/projects/:id/link': {
    summary: "Set the link's expiry and PIN",
    access: 'verified',
    params: projects.projectIdParams,
    body: links.linkSettingsBody,
    answers: { 200: links.linkDetails },
    errors: [404, 409],
  },
  'POST /api/projects/:id/link/revoke': {
    summary: 'Withdraw the public link',
    access: 'verified',
    params: projects.projectIdParams,
    answers: { 200: links.linkDetails },
    errors: [404],
  },
  'POST /api/projects/:id/link/rotate': {
    summary: 'Replace the public link with a new one',
    access: 'verified',
    params: projects.projectIdParams,
    body: links.rotateLinkBody,
    answers: { 200: links.rotateLinkAnswer },
    errors: [404, 429],
  },
  'GET /api/projects/:id/files/:filename': {
    summary: 'Download a model file of a project',
    access: 'verified',
    params: files.ownerFileParams,
    answers: { 200: 'bytes' },
    errors: [404],
  },
  'GET /api/projects/:id/models/:modelId/uploaded': {
    summary: 'Download a model file as uploaded',
    access: 'verified',
    params: files.ownerUploadedParams,
    answers: { 200: 'bytes' },
    errors: [404],
  },
  'GET /api/projects/:id/versions/:version/zip': {
    summary: "Download a version's files as uploaded (zip)",
    access: 'verified',
    params: files.ownerVersionZipParams,
    answers: { 200: 'bytes' },
    bytes: files.ZIP_CONTENT_TYPE,
    errors: [404, 413],
  },
  'GET /api/projects/:id/view/:modelId': {
    summary: 'A model for the viewer (binary glTF)',
    access: 'verified',
    params: files.ownerViewParams,
    query: files.viewQuery,
    answers: { 200: 'bytes' },
    bytes: 'model/gltf-binary',
    errors: [404, 422],
  },

  'POST /api/public/projects': {
    summary: 'Create a project without an account (quick upload)',
    access: 'public',
    form: createForm,
    idempotencyKey: true,
    answers: { 201: projects.createAnswer, 200: projects.createAnswer },
    errors: [403, 409, 422, 429],
  },
  'GET /api/public/projects/:token': {
    summary: 'The project behind a public link',
    access: 'link',
    params: pub.publicTokenParams,
    answers: { 200: pub.publicProject },
  },
  'POST /api/public/projects/:token/feedback': {
    summary: 'Leave feedback through a link',
    access: 'link',
    params: pub.publicTokenParams,
    body: review.feedbackBody,
    answers: { 201: review.feedbackAnswer },
    errors: [409],
  },
  'POST /api/public/projects/:token/approve': {
    summary: 'Approve a version through a link',
    access: 'link',
    params: pub.publicTokenParams,
    body: review.approveBody,
    answers: { 200: review.approveAnswer },
    errors: [409],
  },
  'GET /api/public/projects/:token/approval-record': {
    summary: 'The record of the current approval through a link (PDF; JSON with format=json)',
    access: 'link',
    params: pub.publicTokenParams,
    query: approvalRecord.approvalRecordQuery,
    answers: { 200: approvalRecord.approvalRecord },
    alsoAnswers: ['application/pdf'],
  },
  'POST /api/public/projects/:token/unlock': {
    summary: 'Unlock a link with its PIN (sets the grant cookie)',
    access: 'link',
    params: pub.publicTokenParams,
    body: links.unlockBody,
    answers: { 200: links.unlockAnswer },
  },
  'POST /api/public/projects/:token/opened': {
    summary: 'Record that a link was opened',
    access: 'link',
    params: pub.publicTokenParams,
    body: links.openedBody,
    answers: { 204: null },
  },
  'GET /api/public/projects/:token/comments': {
    summary: 'The review conversation through a link',
    access: 'link',
    params: pub.publicTokenParams,
    answers: { 200: comments.commentsAnswer },
  },
  'POST /api/public/projects/:token/comments': {
    summary: 'Comment or reply through a link',
    access: 'link',
    params: pub.publicTokenParams,
    body: comments.doctorCommentBody,
    answers: { 201: comments.commentAnswer },
    errors: [409],
  },
  'POST /api/public/projects/:token/request-changes': {
    summary: 'Request changes through a link',
    access: 'link',
    params: pub.publicTokenParams,
    body: comments.requestChangesBody,
    answers: { 201: comments.requestChangesAnswer },
    errors: [409],
  },
  'POST /api/public/projects/:token/comments/:commentId/resolve': {
    summary: 'Resolve a comment through a link',
    access: 'link',
    params: comments.tokenCommentParams,
    answers: { 200: comments.commentAnswer },
  },
  'POST /api/public/projects/:token/comments/:commentId/reopen': {
    summary: 'Reopen a comment through a link',
    access: 'link',
    params: comments.tokenCommentParams,
    answers: { 200: comments.commentAnswer },
  },
  'GET /api/projects/:id/comments': {
    summary: "A project's review conversation",
    access: 'verified',
    params: projects.projectIdParams,
    answers: { 200: comments.commentsAnswer },
    errors: [404],
  },
  'POST /api/projects/:id/comments': {
    summary: 'Comment or reply as the technician',
    access: 'verified',
    params: projects.projectIdParams,
    body: comments.technicianCommentBody,
    answers: { 201: comments.commentAnswer },
    errors: [404, 409],
  },
  'POST /api/projects/:id/comments/:commentId/resolve': {
    summary: 'Resolve a comment',
    access: 'verified',
    params: comments.idCommentParams,
    answers: { 200: comments.commentAnswer },
    errors: [404],
  },
  'POST /api/projects/:id/comments/:commentId/reopen': {
    summary: 'Reopen a comment',
    access: 'verified',
    params: comments.idCommentParams,
    answers: { 200: comments.commentAnswer },
    errors: [404],
  },
  'GET /api/public/projects/:token/files/:filename': {
    summary: 'Download a model file through a link',
    access: 'link',
    params: files.publicFileParams,
    answers: { 200: 'bytes' },
  },
  'GET /api/public/projects/:token/models/:modelId/uploaded': {
    summary: 'Download a model file as uploaded through a link (when allowed)',
    access: 'link',
    params: files.publicUploadedParams,
    answers: { 200: 'bytes' },
    errors: [403],
  },
  'GET /api/public/projects/:token/versions/:version/zip': {
    summary: "Download a version's files as uploaded through a link (zip, when allowed)",
    access: 'link',
    params: files.publicVersionZipParams,
    answers: { 200: 'bytes' },
    bytes: files.ZIP_CONTENT_TYPE,
    errors: [403, 413],
  },
  'GET /api/public/projects/:token/view/:modelId': {
    summary: 'A model for the viewer through a link (binary glTF)',
    access: 'link',
    params: files.publicViewParams,
    query: files.viewQuery,
    answers: { 200: 'bytes' },
    bytes: 'model/gltf-binary',
    errors: [422],
  },
  'POST /api/dcm/convert': {
    summary: 'Convert a 3Shape DCM file to a raw-deflated binary mesh',
    access: 'public',
    form: { files: { field: 'file', many: false, description: 'The DCM file' } },
    answers: { 200: 'bytes' },
    errors: [422, 429],
  },

  'GET /api/admin/stats': {
    summary: 'Counts of users and projects',
    access: 'admin',
    answers: { 200: admin.adminStats },
  },
  'GET /api/admin/users': {
    summary: 'Every user',
    access: 'admin',
    answers: { 200: admin.adminUsersAnswer },
  },
  'GET /api/admin/projects': {
    summary: "Search every account's projects",
    access: 'admin',
    query: dashboard.projectSearchQuery,
    answers: { 200: admin.adminProjectsAnswer },
  },
  'GET /api/admin/public-projects': {
    summary: 'Search the projects of quick uploads',
    access: 'admin',
    query: dashboard.projectSearchQuery,
    answers: { 200: admin.adminProjectsAnswer },
  },
  'GET /api/admin/users/:id': {
    summary: 'A user',
    access: 'admin',
    params: admin.adminIdParams,
    answers: { 200: admin.adminUserAnswer },
    errors: [404],
  },
  'GET /api/admin/users/:id/projects': {
    summary: "A user's projects",
    access: 'admin',
    params: admin.adminIdParams,
    answers: { 200: projects.projectList },
    errors: [404],
  },
  'DELETE /api/admin/users/:id': {
    summary: 'Delete a user, their projects and files',
    access: 'admin',
    params: admin.adminIdParams,
    answers: { 204: null },
    errors: [404],
  },
  'DELETE /api/admin/projects/:id': {
    summary: 'Delete a project and its files',
    access: 'admin',
    params: admin.adminIdParams,
    answers: { 204: null },
    errors: [404],
  },
  'POST /api/admin/projects/bulk-delete': {
    summary: 'Delete several projects',
    access: 'admin',
    body: admin.bulkDeleteBody,
    answers: { 200: admin.bulkDeleteAnswer },
  },
  'GET /api/admin/audit': {
    summary: 'The audit log (JSON pages, or CSV with format=csv)',
    access: 'admin',
    query: audit.auditQuery,
    answers: { 200: audit.auditPage },
    alsoAnswers: ['text/csv'],
  },
} as const satisfies Record<string, RouteContract>;

export type ApiRoute = keyof typeof API_ROUTES;

/** The schema a failure answer of a route must match. */
export function failureSchema(route: ApiRoute, status: number): z.ZodType {
  const own = (API_ROUTES[route].answers as Record<number, z.ZodType | 'bytes' | null>)[status];
  return own && own !== 'bytes' ? own : errorAnswer;
}
