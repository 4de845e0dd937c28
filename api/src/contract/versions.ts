import { z } from 'zod';
import { freeText } from './common.js';

/** Versions of a project and the approval bound to one of them. */

export const VERSION_NOTE_MAX_CHARS = 2000;
export const VERSION_NOTE_REQUIRED = 'Please describe what changed in this version';

/**
 * `versionData`, the JSON field of the new-version form (multipart, before the files): what
 * changed, and which of the latest version's models stay. Models not kept are removed from the
 * new version (a replaced model is one not kept plus a new file).
 */
export const versionData = z.strictObject({
  note: z
    .string()
    .max(VERSION_NOTE_MAX_CHARS * 2)
    .pipe(freeText({ multiline: true })),
  keep: z.array(z.uuid()).max(1000),
});
export type VersionData = z.input<typeof versionData>;

export const versionAnswer = z.strictObject({
  projectId: z.uuid(),
  version: z.number().int().min(2),
  /**
   * The doctors told of this version by e-mail (each address once): those the project was sent
   * to and those who left an address with a comment. 0 while the link is withdrawn or expired.
   */
  doctorsNotified: z.number().int().min(0),
});
export type VersionAnswer = z.infer<typeof versionAnswer>;

/** `POST /api/public/projects/{token}/approve`: the version approved (missing = the latest). */
export { approveBody, type ApproveBody } from './review.js';
