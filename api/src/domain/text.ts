/**
 * The one rule for free text people type — names, company, patient, laboratory, project and
 * model names, notes, feedback and replies. Text is refused (400 `invalid_text`), never silently
 * cleaned, when it holds:
 * - a control character: NUL (PostgreSQL refuses it in text and jsonb), the rest of C0, DEL and
 *   C1. Multi-line text (notes, feedback) may hold tab and line feed; one-line text holds neither,
 *   so a name cannot add lines to a mail that quotes it. CR is refused everywhere (the web app
 *   sends line feeds);
 * - a lone surrogate: not text at all (it has no UTF-8 form);
 * - a bidi override or isolate (U+202A–U+202E, U+2066–U+2069): it reorders what the reader sees
 *   ("scan\u202Eltsexe" shows as "scanexestl");
 * - more than seven combining marks in a row: a rendering attack, not a word.
 * Zero-width joiners and the LRM/RLM marks are text (emoji sequences, Persian, Hebrew and Arabic
 * need them) and pass.
 *
 * Pure and import-free, so the web app can check the same rule before it sends:
 * `z.string().refine(isLineText, TEXT_RULE)`.
 */

/** The API's error code for text this rule refuses. */
export const INVALID_TEXT = 'invalid_text';
export const INVALID_TEXT_MESSAGE =
  'contains characters that are not allowed (control characters, text direction overrides or broken characters)';

// With the `u` flag, [\uD800-\uDFFF] matches only unpaired surrogates: a pair is one code point.
/* eslint-disable no-control-regex -- refusing control characters is the point */
const REFUSED_IN_LINE = /[\x00-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]|\p{M}{8,}/u;
const REFUSED_IN_MULTILINE =
  /[\x00-\x08\x0B-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]|\p{M}{8,}/u;
/* eslint-enable no-control-regex */

/** One-line text (names, company, patient, laboratory, project and model names). */
export const isLineText = (s: string): boolean => !REFUSED_IN_LINE.test(s);

/** Multi-line text (notes, feedback, replies): tab and line feed allowed. */
export const isMultilineText = (s: string): boolean => !REFUSED_IN_MULTILINE.test(s);

/** The refinement's options: zod carries `params.code` to the API's error `code`. */
export const TEXT_RULE = { message: INVALID_TEXT_MESSAGE, params: { code: INVALID_TEXT } };
