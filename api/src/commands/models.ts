import type { AppDeps } from '../deps.js';
import { FILE_SHA256_FIELD, UPLOADED_SHA256_FIELD, type ModelRecord } from '../domain/models.js';

/** A model as the upload describes it: its names and file hashes still clear. */
export interface NewModel extends Omit<ModelRecord, 'sha256' | 'uploadedSha256'> {
  sha256: string;
  uploadedSha256: string;
}

/**
 * The models as recorded: names and hashes sealed with the project's key. Hashes too: a clear
 * hash would let anyone with a disk image confirm that a file they hold was in a project deleted
 * since.
 */
export async function sealModels(
  deps: Pick<AppDeps, 'keys'>,
  subject: string,
  models: readonly NewModel[],
): Promise<ModelRecord[]> {
  const sealed: ModelRecord[] = [];
  for (const m of models) {
    sealed.push({
      ...m,
      originalName: await deps.keys.seal(subject, 'originalName', m.originalName),
      name: await deps.keys.seal(subject, 'modelName', m.name),
      sha256: await deps.keys.seal(subject, FILE_SHA256_FIELD, m.sha256),
      uploadedSha256: await deps.keys.seal(subject, UPLOADED_SHA256_FIELD, m.uploadedSha256),
    });
  }
  return sealed;
}
