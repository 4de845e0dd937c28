import { z } from 'zod';
import { isLineText, isMultilineText, TEXT_RULE } from '../domain/text.js';

/**
 * Pieces every area of the contract uses. Browser-safe: zod and pure domain modules only, so the
 * web app can import the types (and the schemas, where it checks before it sends).
 */

/** The house error answer: a message for people, a stable machine code, sometimes details. */
export const errorAnswer = z.object({ error: z.string(), code: z.string() }).catchall(z.unknown());
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** An ISO-8601 UTC instant as the API writes them (`toISOString()`). */
export const isoInstant = z.iso.datetime({ offset: false });

/** `{ message }`: answers whose only content is a sentence for the user. */
export const messageAnswer = z.strictObject({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** `{ valid: true }`: a link checked and still usable. */
export const validAnswer = z.strictObject({ valid: z.literal(true) });

/**
 * A free-text field: the text rule (domain/text.ts) on what was sent, then NFC and trimmed.
 * Lengths and blanks are the field's own (chain `.pipe(z.string().max(…))` or check after).
 */
export function freeText(opts: { multiline?: boolean } = {}) {
  return z
    .string()
    .refine(opts.multiline ? isMultilineText : isLineText, TEXT_RULE)
    .transform((s) => s.normalize('NFC').trim());
}

/** Ids in paths: a UUID. */
export const uuidParam = z.uuid({ message: 'invalid id' });
