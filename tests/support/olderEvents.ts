/**
 * Streams as Cusp wrote them before a model's size and triangle count, a pin's place and a saved
 * view were sealed: names and texts sealed, those numbers in clear. Today's use cases seal them,
 * so these events are appended to the store directly, for the tests that read older streams.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { projectBlobKey } from '../../api/src/blobs/blobStore.js';
import { putEncrypted } from '../../api/src/blobs/encrypted.js';
import { ensurePublicToken } from '../../api/src/commands/publicLink.js';
import type { AppDeps } from '../../api/src/deps.js';
import type { CommentAnchor, CommentAdded, ToolState } from '../../api/src/domain/comments.js';
import { FILE_SHA256_FIELD, UPLOADED_SHA256_FIELD } from '../../api/src/domain/models.js';
import {
  projectStream,
  projectSubject,
  type ModelRecord,
  type ProjectCreated,
} from '../../api/src/domain/project.js';

export interface OlderModel {
  id: string;
  filename: string;
  /** The file's bytes as stored and downloaded. */
  size: number;
  triangles: number;
}

export interface OlderProject {
  id: string;
  publicToken: string;
  models: OlderModel[];
}

const at = () => new Date().toISOString();

/**
 * A project whose `ProjectCreated` records each file's size and triangle count in clear (the
 * files stored encrypted as uploads store them). `triangles` may differ from the file's own
 * count: a test can record a big model without uploading one.
 */
export async function appendOlderProject(
  deps: AppDeps,
  opts: {
    userId: string;
    name: string;
    files: { data: Buffer; name: string; triangles: number }[];
  },
): Promise<OlderProject> {
  const id = randomUUID();
  const subject = projectSubject(id);
  const seal = (field: string, v: string) => deps.keys.seal(subject, field, v);
  const dk = await deps.keys.keyFor(subject);
  const models: ModelRecord[] = [];
  for (const f of opts.files) {
    const modelId = randomUUID();
    const blobKey = projectBlobKey(id, modelId);
    await putEncrypted(deps.blobs, blobKey, Readable.from([f.data]), dk);
    const sha256 = createHash('sha256').update(f.data).digest('hex');
    models.push({
      id: modelId,
      filename: `${modelId}.stl`,
      originalName: await seal('originalName', `${f.name}.stl`),
      name: await seal('modelName', f.name),
      size: f.data.length,
      type: 'stl',
      material: 'enamel',
      groupedFrom: null,
      groupSize: null,
      blobKey,
      triangles: f.triangles,
      sha256: await seal(FILE_SHA256_FIELD, sha256),
      uploadedSha256: await seal(UPLOADED_SHA256_FIELD, sha256),
    });
  }
  const created: ProjectCreated = {
    type: 'ProjectCreated',
    data: {
      projectId: id,
      userId: opts.userId,
      name: await seal('name', opts.name),
      patientName: await seal('patientName', `Patient of ${opts.name}`),
      laboratoryName: await seal('laboratoryName', 'Older Lab'),
      comment: null,
      status: 'pending',
      models,
      createdAt: at(),
    },
  };
  await deps.store.append(
    projectStream(id),
    [{ id: randomUUID(), ...created, metadata: { actor: `user:${opts.userId}`, at: at() } }],
    { expectedVersion: 'no_stream' },
  );
  const publicToken = await ensurePublicToken(deps, id);
  return {
    id,
    publicToken,
    models: models.map((m, i) => ({
      id: m.id,
      filename: m.filename,
      size: opts.files[i]!.data.length,
      triangles: opts.files[i]!.triangles,
    })),
  };
}

/** A doctor's comment whose pin and saved view are recorded in clear, as before they were sealed. */
export async function appendOlderComment(
  deps: AppDeps,
  projectId: string,
  opts: { body: string; anchor: CommentAnchor; toolState: ToolState },
): Promise<string> {
  const subject = projectSubject(projectId);
  const commentId = randomUUID();
  const event: CommentAdded = {
    type: 'CommentAdded',
    data: {
      projectId,
      commentId,
      parentId: null,
      author: {
        role: 'doctor',
        name: await deps.keys.seal(subject, 'authorName', 'Dr Older'),
        email: null,
      },
      body: await deps.keys.seal(subject, 'message', opts.body),
      anchor: opts.anchor,
      toolState: opts.toolState,
      version: 1,
      createdAt: at(),
    },
  };
  await deps.store.append(projectStream(projectId), [
    { id: randomUUID(), ...event, metadata: { actor: 'anonymous', at: at() } },
  ]);
  return commentId;
}
