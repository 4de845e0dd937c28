import type { AppDeps } from '../deps.js';
import {
  FILE_SHA256_FIELD,
  FILE_SIZE_FIELD,
  sealedCountText,
  storageMiB,
  TRIANGLES_FIELD,
  UPLOADED_SHA256_FIELD,
  type ModelRecord,
  type SealedModelRecord,
} from '../domain/models.js';

/** A model as the upload describes it: its names, file hashes, size and triangles still clear. */
export interface NewModel extends Omit<
  ModelRecord,
  'sha256' | 'uploadedSha256' | 'size' | 'triangles' | 'storageMiB'
> {
  sha256: string;
  uploadedSha256: string;
  size: number;
  triangles: number;
}

/**
 * The models as recorded: names, hashes, exact size and triangle count sealed with the project's
 * key; only the size rounded up to whole MiB stays clear. Hashes and sizes too: either would let
 * anyone with a disk image confirm that a file they hold was in a project deleted since.
 */
export async function sealModels(
  deps: Pick<AppDeps, 'keys'>,
  subject: string,
  models: readonly NewModel[],
): Promise<SealedModelRecord[]> {
  const sealed: SealedModelRecord[] = [];
  for (const m of models) {
    const seal = (field: string, value: string) => deps.keys.seal(subject, field, value);
    sealed.push({
      ...m,
      originalName: await seal('originalName', m.originalName),
      name: await seal('modelName', m.name),
      size: await seal(FILE_SIZE_FIELD, sealedCountText(m.size)),
      storageMiB: storageMiB(m.size),
      triangles: await seal(TRIANGLES_FIELD, sealedCountText(m.triangles)),
      sha256: await seal(FILE_SHA256_FIELD, m.sha256),
      uploadedSha256: await seal(UPLOADED_SHA256_FIELD, m.uploadedSha256),
    });
  }
  return sealed;
}
