import type { Multipart, MultipartFile } from '@fastify/multipart';
import { ValidationError } from '../errors.js';

/** Per-file lists that may accompany the `models` files (one value per file, in order). */
export const LIST_FIELDS = ['modelMaterials', 'modelCustomNames', 'modelTypes'] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export type UploadLists = Record<ListField, string[]>;

export interface UploadPartsReader<F> {
  /** The JSON field that must come before any file: `projectData` or `versionData`. */
  dataField: string;
  /** The code of the refusal when a file comes before that field. */
  dataFirstCode: string;
  /** Checks the data field (throws a 400); runs before any file is stored. */
  parseData(value: string): F | Promise<F>;
  /** Stores one `models` file; runs only after the data field was read. */
  storeFile(part: MultipartFile): Promise<void>;
}

/** Drains what is left of a multipart body so the connection can answer. */
export async function drain(parts: AsyncIterableIterator<Multipart>): Promise<void> {
  for await (const part of parts) if (part.type === 'file') part.file.resume();
}

export function listValues(raw: string): string[] {
  const t = raw.trim();
  if (t.startsWith('[')) {
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch {
      throw new ValidationError('Malformed list field', 'validation_failed');
    }
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' || x === null)) {
      throw new ValidationError('List fields must be arrays of strings', 'validation_failed');
    }
    return v.map((x) => (x === null ? '' : (x as string)));
  }
  return [raw];
}

/**
 * Reads an upload's multipart body in order: the data field, the per-file lists and the
 * `models` files, refusing unknown fields and files that come before the data. The caller
 * removes what `storeFile` stored when this throws.
 */
export async function readUploadParts<F>(
  parts: AsyncIterableIterator<Multipart>,
  reader: UploadPartsReader<F>,
): Promise<{ fields: F | undefined; lists: UploadLists }> {
  const lists: UploadLists = { modelMaterials: [], modelCustomNames: [], modelTypes: [] };
  let fields: F | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.fieldname === reader.dataField) {
        if (fields !== undefined) {
          throw new ValidationError(`${reader.dataField} given twice`, 'validation_failed');
        }
        fields = await reader.parseData(value);
        continue;
      }
      if ((LIST_FIELDS as readonly string[]).includes(part.fieldname)) {
        lists[part.fieldname as ListField].push(...listValues(value));
        continue;
      }
      throw new ValidationError(`Unknown field: ${part.fieldname.slice(0, 100)}`, 'UNKNOWN_FIELD');
    }
    if (part.fieldname !== 'models') {
      part.file.resume();
      throw new ValidationError(
        `Unknown file field: ${part.fieldname.slice(0, 100)}`,
        'UNKNOWN_FIELD',
      );
    }
    if (fields === undefined) {
      part.file.resume();
      throw new ValidationError(
        `${reader.dataField} must come before the files`,
        reader.dataFirstCode,
      );
    }
    await reader.storeFile(part);
  }
  return { fields, lists };
}
