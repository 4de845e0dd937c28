import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../auth/email.js';
import { freeText } from '../http/validate.js';
import { uuidParam } from './projectInput.js';
import { FEEDBACK_MAX_CHARS } from './review.js';

/** A doctor's name as they give it: one line, like every other name. */
export const AUTHOR_NAME_MAX_CHARS = 100;
export const AUTHOR_NAME_REQUIRED = 'Please enter your name';
export const COMMENT_REQUIRED = 'Comment must not be empty';
export const CHANGES_NEED_COMMENT = 'Please say what should change';
/** A comment request is a few kilobytes at most; anything bigger is refused before parsing. */
export const COMMENT_BODY_LIMIT = 64 * 1024;

const vec3 = z.tuple([z.number(), z.number(), z.number()]);

/** Numbers only here (JSON's 1e999 is Infinity and is refused); the domain checks the rest. */
export const anchorSchema = z
  .object({
    modelId: z.string().max(100),
    point: vec3,
    normal: vec3,
    camera: z.object({ position: vec3, target: vec3, up: vec3 }).strict(),
  })
  .strict();

const bodyText = z
  .string()
  .max(FEEDBACK_MAX_CHARS * 2)
  .pipe(freeText({ multiline: true }))
  .pipe(
    z
      .string()
      .min(1, COMMENT_REQUIRED)
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

/** Optional; empty means none. Checked as an address by the route (canonicalEmail). */
const authorEmail = z.string().max(EMAIL_MAX_LENGTH).pipe(freeText());

const commentId = z.uuid({ message: 'invalid id' });

/** The doctor's comment through the link. */
export const doctorCommentBody = z
  .object({
    authorName,
    authorEmail: authorEmail.optional(),
    body: bodyText,
    parentId: commentId.optional(),
    anchor: anchorSchema.optional(),
  })
  .strict();

/** The doctor's request for changes: the comment that says what, pinned or not. */
export const requestChangesBody = z
  .object({
    authorName,
    authorEmail: authorEmail.optional(),
    body: z
      .string()
      .max(FEEDBACK_MAX_CHARS * 2)
      .pipe(freeText({ multiline: true }))
      .pipe(
        z
          .string()
          .min(1, CHANGES_NEED_COMMENT)
          .max(FEEDBACK_MAX_CHARS, `Comment must be at most ${FEEDBACK_MAX_CHARS} characters`),
      ),
    anchor: anchorSchema.optional(),
  })
  .strict();

/** The technician's comment or reply (their name comes from the account). */
export const technicianCommentBody = z
  .object({
    body: bodyText,
    parentId: commentId.optional(),
    anchor: anchorSchema.optional(),
  })
  .strict();

export const tokenCommentParams = z
  .object({ token: z.string().max(200), commentId: z.string().max(100) })
  .strict();
export const idCommentParams = z.object({ id: uuidParam, commentId: z.string().max(100) }).strict();
