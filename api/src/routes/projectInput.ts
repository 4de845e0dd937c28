import type { z } from 'zod';
import { uuidParam } from '../contract/common.js';
import { projectData } from '../contract/projects.js';
import {
  defaultModelName,
  FILE_NAME_MAX_BYTES,
  MODEL_NAME_MAX_CHARS,
  shortenFileName,
  withoutModelExtension,
} from '../domain/fileNames.js';
import { ValidationError } from '../errors.js';
import { freeText, parseOr400 } from '../http/validate.js';
import type { ProjectFields } from '../commands/createProject.js';

/**
 * Project fields follow the one text rule (domain/text.ts, through
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

/** `projectData` of both create forms; unknown keys are refused. */
export const projectDataSchema = projectData;

export type { ProjectFields };

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

export {
  extensionOf,
  MODEL_EXTENSIONS as ALLOWED_EXTENSIONS,
  type ModelExtension as UploadExtension,
} from '../domain/fileNames.js';

export const unsupportedFilesMessage = (names: readonly string[]): string =>
  `Unsupported files: ${names.join(', ')}. Only STL, PLY, and DCM files are allowed.`;

/**
 * A client file name made safe for display and `Content-Disposition`: the last path
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
 * The default display name is the file name without its extension (cut to the name
 * limit); a custom name loses only a trailing `.stl`, `.ply` or `.dcm`.
 */
export function modelDisplayName(custom: string | undefined, fileName: string): string {
  const base = custom !== undefined && custom.trim() !== '' ? custom : undefined;
  const name =
    base !== undefined
      ? withoutModelExtension(
          capped(
            parseOr400(freeText(), base, 'modelCustomNames'),
            'modelCustomNames',
            MODEL_NAME_MAX_CHARS,
          ),
        )
      : defaultModelName(
          capped(
            parseOr400(freeText(), fileName, 'modelCustomNames'),
            'modelCustomNames',
            FILE_NAME_MAX_BYTES,
          ),
        );
  return name.trim() || 'model';
}

export { IDEMPOTENCY_KEY } from '../contract/projects.js';

export { uuidParam };
