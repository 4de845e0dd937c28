import { z } from 'zod';
import { MATERIAL_KEYS, PROJECT_STATUSES } from '../domain/project.js';
import { checklistItem } from './checklist.js';
import { freeText, isoInstant, uuidParam } from './common.js';
import { projectActivityFields } from './dashboard.js';
import { linkSummary } from './links.js';

/** Signed-in project calls: list, stats, one project, create, status, delete, send, read marks. */

export const projectStatus = z.enum(PROJECT_STATUSES);

export const projectModel = z.strictObject({
  id: z.string(),
  filename: z.string(),
  originalName: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: z.string(),
  material: z.string(),
  groupedFrom: z.string().nullable(),
  groupSize: z.number().int().nullable(),
  triangles: z.number().int().nonnegative(),
  /** The model has a coarse level (over 50k triangles): the viewer asks for it first. */
  coarse: z.boolean(),
  /** Present when the model's file cannot make a view (its view answers 422 `view_unavailable`). */
  viewUnavailable: z.literal(true).optional(),
});
export type ProjectModel = z.infer<typeof projectModel>;

export const feedbackType = z.enum(['doctor_feedback', 'technician_reply']);

export const projectFeedback = z.strictObject({
  id: z.string(),
  type: feedbackType,
  message: z.string(),
  createdAt: isoInstant,
  readAt: isoInstant.nullable(),
});
export type ProjectFeedback = z.infer<typeof projectFeedback>;

/** The project's owner as a reader sees them (the viewer's Technician row). */
export const projectOwner = z.strictObject({ name: z.string(), companyName: z.string() });
export type ProjectOwner = z.infer<typeof projectOwner>;

/** One version as readers see it: v1 is the first upload (no note). */
export const projectVersion = z.strictObject({
  n: z.number().int().min(1),
  createdAt: isoInstant,
  note: z.string().nullable(),
  models: z.array(projectModel),
});
export type ProjectVersion = z.infer<typeof projectVersion>;

/** A file of the approved version: its name and its SHA-256 as stored and as uploaded. */
export const approvedFile = z.strictObject({
  modelId: z.string(),
  name: z.string(),
  /** The file as stored and downloaded; null for a file stored before Cusp recorded hashes. */
  sha256: z.string().nullable(),
  /**
   * The bytes as the lab uploaded them (before the header was blanked or a DCM converted); null
   * for a file stored before Cusp hashed uploads.
   */
  uploadedSha256: z.string().nullable(),
});
export type ApprovedFileAnswer = z.infer<typeof approvedFile>;

/** The latest approval: which version, by whom (the name the doctor gave), when, which files. */
export const projectApproval = z.strictObject({
  version: z.number().int().min(1),
  by: z.string().nullable(),
  at: isoInstant,
  files: z.array(approvedFile),
});
export type ProjectApproval = z.infer<typeof projectApproval>;

const projectFields = {
  id: z.uuid(),
  name: z.string(),
  patientName: z.string(),
  laboratoryName: z.string(),
  comment: z.string().nullable(),
  status: projectStatus,
  createdAt: isoInstant,
  updatedAt: isoInstant,
  publicToken: z.string().nullable(),
  publicLink: z.string().nullable(),
  models: z.array(projectModel),
  feedback: z.array(projectFeedback),
  fileCount: z.number().int().nonnegative(),
  storageBytes: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
  /** The doctor's comments not resolved yet (the card's count). */
  openComments: z.number().int().nonnegative(),
  /** The owner; null for anonymous quick uploads (and an owner whose account is gone). */
  user: projectOwner.nullable(),
  /** Every version, oldest first; `models` above are the latest version's. */
  versions: z.array(projectVersion),
  /** The latest approval (its version may be older than the latest after a new upload). */
  approval: projectApproval.nullable(),
  /** The clinical checklist items the doctor is asked (empty: none). */
  checklist: z.array(checklistItem),
  /** The link's state, settings and view count (owner answers only). */
  link: linkSummary.optional(),
  /**
   * The newest mail of the link to a doctor was not delivered: the outbox's retries ran out
   * (owner answers only; absent when it went out or none was sent).
   */
  mailNotDelivered: z.strictObject({ reason: z.string(), queuedAt: isoInstant }).optional(),
  ...projectActivityFields,
};

/** A project as its owner (or an admin) reads it: `userId` is the owner's id, or 'public'. */
export const project = z.strictObject({ ...projectFields, userId: z.string() });
export type Project = z.infer<typeof project>;

export const projectList = z.array(project);

/** `GET /api/projects/stats`; the status counts follow `domain/projectStatus.ts`. */
export const projectStats = z.strictObject({
  total: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  /** Waiting for the doctor: `pending`, `pending_review`. */
  pending: z.number().int().nonnegative(),
  /** `pending_revision` (and the legacy `rejected`). */
  changesRequested: z.number().int().nonnegative(),
  newComments: z.number().int().nonnegative(),
  storageBytes: z.number().int().nonnegative(),
  fileCount: z.number().int().nonnegative(),
});
export type ProjectStats = z.infer<typeof projectStats>;

export const projectIdParams = z.strictObject({ id: uuidParam });
export const feedbackReadParams = z.strictObject({
  id: uuidParam,
  feedbackId: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});
/** Whose projects: your own, or (admins) `?userId=`. */
export const projectListQuery = z.strictObject({ userId: uuidParam.optional() });

export const statusBody = z.strictObject({
  status: z.enum(PROJECT_STATUSES, {
    message: `status must be one of ${PROJECT_STATUSES.join(', ')}`,
  }),
});
export type StatusBody = z.input<typeof statusBody>;
export const statusAnswer = z.strictObject({ id: z.uuid(), status: projectStatus });

export const sendEmailBody = z.strictObject({ doctorEmail: z.string().max(1000) });
export type SendEmailBody = z.input<typeof sendEmailBody>;
export const sendEmailAnswer = z.strictObject({ success: z.literal(true), message: z.string() });
export type SendEmailAnswer = z.infer<typeof sendEmailAnswer>;

const lineText = z.string().max(10_000).pipe(freeText());
const notes = z
  .string()
  .max(10_000)
  .pipe(freeText({ multiline: true }));

/**
 * `projectData`, the JSON field of both create forms (multipart). Unknown keys are refused;
 * `terms` and `turnstileToken` only mean something on the quick public upload.
 */
export const projectData = z.strictObject({
  name: lineText,
  patientName: lineText,
  laboratoryName: lineText,
  comment: notes.optional().nullable(),
  turnstileToken: z.string().max(20_000).optional(),
  terms: z.unknown().optional(),
});
export type ProjectData = z.input<typeof projectData>;

/** The per-file fields that travel beside `models` in the create form. */
export const modelMaterial = z.enum(MATERIAL_KEYS);

/** Create answer (projectId, publicLink), for the signed-in and the public upload. */
export const createAnswer = z.strictObject({ projectId: z.uuid(), publicLink: z.string() });
export type CreateAnswer = z.infer<typeof createAnswer>;

/** `Idempotency-Key`: a client-chosen random string; it names the project, so it must be unguessable. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\-:.]{16,128}$/;
