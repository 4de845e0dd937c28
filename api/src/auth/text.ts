import { z } from 'zod';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BIDI_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * A display text (name, company): trimmed, NFC, 1–`max` characters, no control characters (PG
 * refuses NUL, headers refuse CR/LF), no lone surrogates, no bidi overrides (rows 51, 52).
 */
export function displayText(max = 200) {
  return z
    .string()
    .transform((s) => s.trim().normalize('NFC'))
    .pipe(
      z
        .string()
        .min(1)
        .max(max)
        .refine((s) => !CONTROL.test(s), { message: 'must not contain control characters' })
        .refine((s) => !LONE_SURROGATE.test(s), { message: 'must be valid text' })
        .refine((s) => !BIDI_OVERRIDE.test(s), { message: 'must not contain direction overrides' }),
    );
}
