import type { Readable } from 'node:stream';
import { BlobNotFound, projectBlobPrefix, uploadedBlobKey } from '../blobs/blobStore.js';
import type { BlobStore } from '../blobs/blobStore.js';
import { plainSize } from '../blobs/chunkCipher.js';
import { openDecrypted, type DataKey } from '../blobs/encrypted.js';
import { NotFound } from '../errors.js';
import { extensionOf, withoutModelExtension } from '../domain/fileNames.js';
import {
  FILE_SHA256_FIELD,
  isClearHash,
  UPLOADED_SHA256_FIELD,
  type ModelRecord,
} from '../domain/models.js';

/** Opens a sealed field of the project with its key. */
export type Open = (field: string, sealed: string) => string;

/** Which bytes a model's download serves, and under which name. */
export interface UploadedFile {
  modelId: string;
  /**
   * The name to save it under: the uploaded file's own, or, for a stored copy of another format
   * than the upload (a DCM converted), that name with the copy's extension.
   */
  name: string;
  /** The bytes are exactly the lab's upload (else: the stored copy, see `AS_UPLOADED_HEADER`). */
  asUploaded: boolean;
  /** The SHA-256 recorded for these bytes; null for a model stored before Cusp hashed files. */
  sha256: string | null;
  /** Their size. */
  bytes: number;
  blobKey: string;
}

/**
 * The plaintext size of each of a project's blobs, by key: one listing tells which uploads were
 * kept and how large every file is.
 */
export async function projectBlobSizes(
  blobs: BlobStore,
  projectId: string,
): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for await (const b of blobs.list(projectBlobPrefix(projectId))) {
    sizes.set(b.key, plainSize(b.bytes));
  }
  return sizes;
}

/** A recorded hash: clear hex in events from before files were sealed, else sealed. */
function openHash(open: Open, field: string, recorded: string | undefined): string | null {
  if (recorded === undefined) return null;
  return isClearHash(recorded) ? recorded : open(field, recorded);
}

/**
 * The download of one model: the file as uploaded where the upload kept it (it differed from the
 * stored copy), else the stored copy, which is the upload when their recorded hashes agree and
 * otherwise a model stored before Cusp kept uploads. Null when its stored file is gone.
 */
export function uploadedFileOf(
  model: ModelRecord,
  sizes: ReadonlyMap<string, number>,
  open: Open,
): UploadedFile | null {
  const originalName = open('originalName', model.originalName);
  const uploadedHash = openHash(open, UPLOADED_SHA256_FIELD, model.uploadedSha256);
  const storedHash = openHash(open, FILE_SHA256_FIELD, model.sha256);
  const keptKey = uploadedBlobKey(model.blobKey);
  const kept = sizes.get(keptKey);
  if (kept !== undefined) {
    return {
      modelId: model.id,
      name: originalName,
      asUploaded: true,
      sha256: uploadedHash,
      bytes: kept,
      blobKey: keptKey,
    };
  }
  const stored = sizes.get(model.blobKey);
  if (stored === undefined) return null;
  const same = uploadedHash !== null && uploadedHash === storedHash;
  return {
    modelId: model.id,
    name:
      same || extensionOf(originalName) === model.type
        ? originalName
        : `${withoutModelExtension(originalName)}.${model.type}`,
    asUploaded: same,
    sha256: storedHash,
    bytes: stored,
    blobKey: model.blobKey,
  };
}

/** The file's bytes, decrypted as they are read; 404 when the blob went meanwhile. */
export async function openUploadedFile(
  blobs: BlobStore,
  file: UploadedFile,
  dataKey: DataKey,
): Promise<Readable> {
  try {
    return await openDecrypted(blobs, file.blobKey, dataKey);
  } catch (err) {
    if (err instanceof BlobNotFound) throw new NotFound('File not found');
    throw err;
  }
}
