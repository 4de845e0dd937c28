import { ApiError } from '../../api/client';

/** The fields of the create form a refusal can belong to. */
export type ProjectField =
  'name' | 'patientName' | 'laboratoryName' | 'comment' | 'files' | 'botCheck' | 'terms';

const FIELD_OF_TOO_LONG: Record<string, ProjectField> = {
  name: 'name',
  patientName: 'patientName',
  laboratoryName: 'laboratoryName',
  comment: 'comment',
};

/**
 * Which field of the create form a server refusal belongs to: the text field a length refusal
 * names (`name: at most 200 characters`), the bot check, the file list for a refused or missing
 * file (its message names the file); null for the form's own errors.
 */
export function projectFieldOf(err: unknown, fileNames: readonly string[]): ProjectField | null {
  if (!(err instanceof ApiError) || err.status === 0 || !err.code) return null;
  const message = err.serverMessage ?? '';
  if (err.code === 'TOO_LONG') return FIELD_OF_TOO_LONG[message.split(':')[0] ?? ''] ?? null;
  if (err.code.startsWith('captcha_')) return 'botCheck';
  if (err.code === 'NO_FILES' || err.code === 'UNSUPPORTED_FILE_TYPE') return 'files';
  if (err.code === 'FILE_TOO_LARGE' || fileNames.some((n) => message.includes(n))) return 'files';
  return null;
}
