import { z } from 'zod';
import { ValidationError } from '../errors.js';
import { freeText, parseOr400 } from '../http/validate.js';

/**
 * Project fields (security.md §3(a) rows 49–52) follow the one text rule (domain/text.ts, through
 * `freeText`): stored literally (SQL is parameterised, rendering escapes), NFC, trimmed, lengths
 * capped. File names are not typed but come from the client's disk: `displayFileName` cleans them.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

function capped(value: string, field: string, max: number): string {
  if (value.length > max) {
    throw new ValidationError(`${field}: at most ${max} characters`, 'TOO_LONG');
  }
  return value;
}

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

const lineText = z.string().max(10_000).pipe(freeText());
const notes = z
  .string()
  .max(10_000)
  .pipe(freeText({ multiline: true }));

/** `projectData` of both create forms; `.strict()`: unknown keys are refused (row 46). */
export const projectDataSchema = z
  .object({
    name: lineText,
    patientName: lineText,
    laboratoryName: lineText,
    comment: notes.optional().nullable(),
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
  const name = capped(d.name, 'name', 200);
  const patientName = capped(d.patientName, 'patientName', 200);
  const laboratoryName = capped(d.laboratoryName, 'laboratoryName', 200);
  const comment = capped(d.comment ?? '', 'comment', 5000);
  if (!name || !patientName || !laboratoryName) {
    throw new ValidationError(REQUIRED_FIELDS_MESSAGE, 'validation_failed');
  }
  return { name, patientName, laboratoryName, comment: comment || null };
}

export const ALLOWED_EXTENSIONS = ['stl', 'ply', 'dcm'] as const;
export type UploadExtension = (typeof ALLOWED_EXTENSIONS)[number];

export const unsupportedFilesMessage = (names: readonly string[]): string =>
  `Unsupported files: ${names.join(', ')}. Only STL, PLY, and DCM files are allowed.`;

/**
 * A client file name made safe for display and `Content-Disposition` (row 41): the last path
 * segment, NFC, no control / bidi / zero-width characters, at most 255 UTF-8 bytes. Never a path.
 */
export function displayFileName(raw: string | undefined): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name.replace(CONTROL_ALL, '').replace(INVISIBLE, '').trim();
  if (name === '.' || name === '..') name = '';
  while (Buffer.byteLength(name, 'utf8') > 255) name = Array.from(name).slice(0, -1).join('');
  return name || 'model';
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Spec §5: the default display name is the file name without extension; a trailing extension is stripped. */
export function modelDisplayName(custom: string | undefined, fileName: string): string {
  const base = custom !== undefined && custom.trim() !== '' ? custom : fileName;
  const text = parseOr400(freeText(), base, 'modelCustomNames');
  const cleaned = capped(text, 'modelCustomNames', 200).replace(/\.(stl|ply|dcm)$/i, '');
  return cleaned.trim() || 'model';
}

/** `Idempotency-Key`: a client-chosen random string; it names the project, so it must be unguessable. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\-:.]{16,128}$/;

export const uuidParam = z.uuid({ message: 'invalid id' });
