import { z } from 'zod';
import { checklistAnswer, checklistAnswers } from './checklist.js';
import { freeText, isoInstant, uuidParam } from './common.js';
import { FEEDBACK_MAX_CHARS } from './review.js';
import { toolStateSchema } from './toolState.js';

/** The review conversation: comments, replies, pins, resolve / reopen, request changes. */

/** A doctor's name as they give it: one line, like every other name. */
export const AUTHOR_NAME_MAX_CHARS = 100;
export const AUTHOR_NAME_REQUIRED = 'Please enter your name';
export const COMMENT_REQUIRED = 'Comment must not be empty';
export const CHANGES_NEED_COMMENT = 'Please say what should change';
/** A comment request is a few kilobytes at most; anything bigger is refused before parsing. */
export const COMMENT_BODY_LIMIT = 64 * 1024;
const EMAIL_MAX = 254;

const vec3 = z.tuple([z.number(), z.number(), z.number()]);

/**
 * A pin: a model of the project, a point and the unit surface normal in the model's own
 * coordinates (the file's millimetres), and the camera pose to return to. Numbers only here
 * (JSON's 1e999 is Infinity and is refused); the domain checks the model and the normal.
 */
export const commentAnchor = z.strictObject({
  modelId: z.string().max(100),
  point: vec3,
  normal: vec3,
  camera: z.strictObject({ position: vec3, target: vec3, up: vec3 }),
});
export type CommentAnchor = z.infer<typeof commentAnchor>;

const text = (required: string) =>
  z
    .string()
    .max(FEEDBACK_MAX_CHARS * 2)
    .pipe(freeText({ multiline: true }))
    .pipe(
      z
        .string()
        .min(1, required)
        .max(FEEDBACK_MAX_CHARS, `Comment must be at most ${FEEDBACK_MAX_CHARS} characters`),
    );

const authorName = z
  .string()
  .max(AUTHOR_NAME_MAX_CHARS * 2)
  .pipe(freeText())
  .pipe(
    z
      .string()
      .min(1, AUTHOR_NAME_REQUIRED)
      .max(AUTHOR_NAME_MAX_CHARS, `Name must be at most ${AUTHOR_NAME_MAX_CHARS} characters`),
  );

/** Optional; empty means none. Checked as an address by the route. */
const authorEmail = z.string().max(EMAIL_MAX).pipe(freeText());
const commentId = z.uuid({ message: 'invalid id' });

/**
 * The version the viewer was showing (missing: the latest). A version the project does not
 * have is refused with 404 `version_not_found`, as for an approval.
 */
const commentVersion = z.number().int().min(1).max(1_000_000);

/** `POST /api/public/projects/{token}/comments`: the doctor's comment or reply. */
export const doctorCommentBody = z.strictObject({
  authorName,
  authorEmail: authorEmail.optional(),
  body: text(COMMENT_REQUIRED),
  parentId: commentId.optional(),
  anchor: commentAnchor.optional(),
  /** The camera, measurements and section to restore (400 `invalid_tool_state` when wrong). */
  toolState: toolStateSchema.optional(),
  version: commentVersion.optional(),
});
export type DoctorCommentBody = z.input<typeof doctorCommentBody>;

/** `POST /api/public/projects/{token}/request-changes`: the comment that says what. */
export const requestChangesBody = z.strictObject({
  authorName,
  authorEmail: authorEmail.optional(),
  body: text(CHANGES_NEED_COMMENT),
  anchor: commentAnchor.optional(),
  /** The camera, measurements and section to restore (400 `invalid_tool_state` when wrong). */
  toolState: toolStateSchema.optional(),
  version: commentVersion.optional(),
  /** The clinical checklist as answered (400 `invalid_checklist` for an item not asked). */
  checklist: checklistAnswers.optional(),
});
export type RequestChangesBody = z.input<typeof requestChangesBody>;

/** `POST /api/projects/{id}/comments`: the technician's note or reply (named by the account). */
export const technicianCommentBody = z.strictObject({
  body: text(COMMENT_REQUIRED),
  parentId: commentId.optional(),
  anchor: commentAnchor.optional(),
  /** The camera, measurements and section to restore (400 `invalid_tool_state` when wrong). */
  toolState: toolStateSchema.optional(),
  version: commentVersion.optional(),
});
export type TechnicianCommentBody = z.input<typeof technicianCommentBody>;

export const tokenCommentParams = z.strictObject({
  token: z.string().max(200),
  commentId: z.string().max(100),
});
export const idCommentParams = z.strictObject({ id: uuidParam, commentId: z.string().max(100) });

const authorRole = z.enum(['doctor', 'technician']);
export type AuthorRole = z.infer<typeof authorRole>;

/** One line of the conversation: personal fields opened, pins numbered. */
export const threadEntry = z.strictObject({
  id: z.string(),
  kind: z.enum(['comment', 'status', 'approval']),
  parentId: z.string().nullable(),
  /** Null for status lines; `name` null for feedback given before names were asked. */
  author: z
    .strictObject({
      role: authorRole,
      name: z.string().nullable(),
      /** Only in the owner's answer. */
      email: z.string().nullable().optional(),
    })
    .nullable(),
  body: z.string().nullable(),
  anchor: commentAnchor.nullable(),
  /** The doctor's saved view; null when none was attached (status lines, replies). */
  toolState: toolStateSchema.nullable(),
  /** The version the comment was made on; null for status lines. */
  version: z.number().int().positive().nullable(),
  /** 1, 2, … for pinned comments in the order they were made; null without a pin. */
  pin: z.number().int().positive().nullable(),
  /** The new status of a status line (`approved` for an approval). */
  status: z.string().nullable(),
  changesRequested: z.boolean(),
  /** The checklist answered with an approval or a change request; else null. */
  checklist: z.array(checklistAnswer).nullable(),
  createdAt: isoInstant,
  resolvedAt: isoInstant.nullable(),
  resolvedBy: authorRole.nullable(),
});
export type ThreadEntry = z.infer<typeof threadEntry>;

export const commentsAnswer = z.strictObject({ comments: z.array(threadEntry) });
export type CommentsAnswer = z.infer<typeof commentsAnswer>;

export const commentAnswer = z.strictObject({ comment: threadEntry });
export type CommentAnswer = z.infer<typeof commentAnswer>;

export const requestChangesAnswer = z.strictObject({
  comment: threadEntry,
  status: z.literal('pending_revision'),
});
export type RequestChangesAnswer = z.infer<typeof requestChangesAnswer>;
