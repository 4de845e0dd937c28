import { z } from 'zod';
import { isoInstant } from './common.js';

/** Public-link control: the owner's settings, withdraw, new link, view log; unlock and opened. */

/** `active`: the link opens; `expired`: past its expiry; `revoked`: withdrawn by the sender. */
export const linkStateName = z.enum(['active', 'expired', 'revoked']);
export type LinkStateName = z.infer<typeof linkStateName>;

/** What a project card shows about its link. */
export const linkSummary = z.strictObject({
  state: linkStateName,
  expiresAt: isoInstant.nullable(),
  pinSet: z.boolean(),
  /** The doctor may download the files as uploaded (off unless the owner allows it). */
  downloadsAllowed: z.boolean(),
  openCount: z.number().int().nonnegative(),
  lastOpenedAt: isoInstant.nullable(),
});
export type LinkSummary = z.infer<typeof linkSummary>;

export const linkView = z.strictObject({
  openedAt: isoInstant,
  device: z.enum(['phone', 'tablet', 'desktop']),
  browser: z.string(),
});
export type LinkView = z.infer<typeof linkView>;

/** `GET /api/projects/{id}/link` and the answers of the owner's link calls. */
export const linkDetails = linkSummary.extend({
  publicLink: z.string(),
  /** Until when wrong PINs locked the link, while that lasts; else null. */
  lockedUntil: isoInstant.nullable(),
  /**
   * Wrong PINs in a row on the current link that still count towards a lock (5 lock it for 15
   * minutes; a right PIN, or 15 minutes without a wrong one, start over).
   */
  pinFailures: z.number().int().nonnegative(),
  views: z.array(linkView),
});
export type LinkDetails = z.infer<typeof linkDetails>;

/**
 * `PUT /api/projects/{id}/link`: `expiresAt` an instant with its offset, or null for never;
 * `pin` 6–12 digits, null to clear it, omitted to keep it; `downloadsAllowed` whether the doctor
 * may download the files as uploaded, omitted to keep it. The formats are checked by the route
 * (each with its own error code).
 */
export const linkSettingsBody = z.strictObject({
  expiresAt: z.union([z.null(), z.string().max(64)]),
  pin: z.union([z.null(), z.string().max(64)]).optional(),
  downloadsAllowed: z.boolean().optional(),
});
export type LinkSettingsBody = z.infer<typeof linkSettingsBody>;

export const rotateLinkBody = z.strictObject({ doctorEmail: z.string().max(1000).optional() });
export const rotateLinkAnswer = z.strictObject({ publicLink: z.string() });

export const unlockBody = z.strictObject({ pin: z.string().max(64) });
export const unlockAnswer = z.strictObject({ success: z.literal(true) });

export const openedBody = z.strictObject({
  browserId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
