import { z } from 'zod';
import {
  defaultModelName,
  FILE_NAME_MAX_BYTES,
  MODEL_NAME_MAX_CHARS,
  shortenFileName,
  withoutModelExtension,
} from '../domain/fileNames.js';
import { ValidationError } from '../errors.js';

/**
 * Text rules for project fields (security.md §3(a) rows 49–52): stored literally (SQL is
 * parameterised, rendering escapes), but control characters are refused (PostgreSQL rejects NUL
 * in jsonb: a 500 otherwise), lone surrogates refused, bidi overrides and zero-width characters
 * removed, NFC, and lengths capped.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTI = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** More than this many combining marks in a row is a rendering attack, not a name. */
const COMBINING_RUN = /\p{M}{8,}/u;

export function cleanText(
  raw: string,
  field: string,
  opts: { multiline?: boolean; max: number },
): string {
  if (LONE_SURROGATE.test(raw)) {
    throw new ValidationError(`${field}: invalid characters`, 'INVALID_TEXT');
  }
  if ((opts.multiline ? CONTROL_MULTI : CONTROL_SINGLE).test(raw)) {
    throw new ValidationError(`${field}: control characters are not allowed`, 'CONTROL_CHAR');
  }
  const v = raw.normalize('NFC').replace(INVISIBLE, '').trim();
  if (COMBINING_RUN.test(v)) {
    throw new ValidationError(`${field}: too many combining marks`, 'INVALID_TEXT');
  }
  if (v.length > opts.max) {
    throw new ValidationError(`${field}: at most ${opts.max} characters`, 'TOO_LONG');
  }
  return v;
}

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

const shortText = z.string().max(10_000);

/** `projectData` of both create forms; `.strict()`: unknown keys are refused (row 46). */
export const projectDataSchema = z
  .object({
    name: shortText,
    patientName: shortText,
    laboratoryName: shortText,
    comment: shortText.optional().nullable(),
    turnstileToken: z.string().max(20_000).optional(),
    terms: z.unknown().optional(),
  })
  .strict();

export interface ProjectFields {
  name: string;
  patientName: string;
  laboratoryName: string;
  comment: string | null;
}

export function cleanProjectFields(d: z.infer<typeof projectDataSchema>): ProjectFields {
  const name = cleanText(d.name, 'name', { max: 200 });
  const patientName = cleanText(d.patientName, 'patientName', { max: 200 });
  const laboratoryName = cleanText(d.laboratoryName, 'laboratoryName', { max: 200 });
  const comment = d.comment ? cleanText(d.comment, 'comment', { multiline: true, max: 5000 }) : '';
  if (!name || !patientName || !laboratoryName) {
    throw new ValidationError(REQUIRED_FIELDS_MESSAGE, 'validation_failed');
  }
  return { name, patientName, laboratoryName, comment: comment || null };
}

export {
  extensionOf,
  MODEL_EXTENSIONS as ALLOWED_EXTENSIONS,
  type ModelExtension as UploadExtension,
} from '../domain/fileNames.js';

export const unsupportedFilesMessage = (names: readonly string[]): string =>
  `Unsupported files: ${names.join(', ')}. Only STL, PLY, and DCM files are allowed.`;

/**
 * A client file name made safe for display and `Content-Disposition` (row 41): the last path
 * segment, NFC, no control / bidi / zero-width characters, at most 255 UTF-8 bytes (shortened
 * before its extension, so a long `.stl` stays an STL). Never a path.
 */
export function displayFileName(raw: string | undefined): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name.replace(CONTROL_ALL, '').replace(INVISIBLE, '').trim();
  if (name === '.' || name === '..') name = '';
  return shortenFileName(name) || 'model';
}

/**
 * Spec §5: the default display name is the file name without its extension (cut to the name
 * limit); a custom name loses only a trailing `.stl`, `.ply` or `.dcm`.
 */
export function modelDisplayName(custom: string | undefined, fileName: string): string {
  const name =
    custom !== undefined && custom.trim() !== ''
      ? withoutModelExtension(cleanText(custom, 'modelCustomNames', { max: MODEL_NAME_MAX_CHARS }))
      : defaultModelName(cleanText(fileName, 'modelCustomNames', { max: FILE_NAME_MAX_BYTES }));
  return name.trim() || 'model';
}

/** `Idempotency-Key`: a client-chosen random string; it names the project, so it must be unguessable. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\-:.]{16,128}$/;

export const uuidParam = z.uuid({ message: 'invalid id' });
