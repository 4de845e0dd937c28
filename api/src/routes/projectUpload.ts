import { createHash, randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { projectBlobKey, uploadedBlobKey } from '../blobs/blobStore.js';
import { BlobTee } from '../blobs/blobTee.js';
import { putEncrypted } from '../blobs/encrypted.js';
import { HashTap } from '../blobs/hashTap.js';
import { MeshIngestStream, MeshRejected } from '../mesh/meshIngest.js';
import { KeyShredded } from '../crypto/keyRing.js';
import type { AppDeps } from '../deps.js';
import {
  createProject,
  existingProject,
  IDEMPOTENCY_KEY_USED,
  removeFiles,
  type CreateAnswer,
  type StoredFile,
} from '../commands/createProject.js';
import type { NewModel } from '../commands/models.js';
import {
  MATERIAL_KEYS,
  materialAllowed,
  projectSubject,
  type MaterialKey,
} from '../domain/project.js';
import {
  AppError,
  Conflict,
  PayloadTooLarge,
  UnsupportedMediaType,
  ValidationError,
} from '../errors.js';
import { parseOr400 } from '../http/validate.js';
import {
  cleanProjectFields,
  displayFileName,
  extensionOf,
  IDEMPOTENCY_KEY,
  modelDisplayName,
  projectDataSchema,
  unsupportedFilesMessage,
  type ProjectFields,
  type UploadExtension,
} from './projectInput.js';
import { drain, LIST_FIELDS, readUploadParts, type UploadLists } from './uploadParts.js';

export interface UploadMode {
  /** 'public' for the anonymous quick upload. */
  kind: 'user' | 'public';
  /** Owner id: the user's id, or 'public'. */
  userId: string;
  actor: string;
  maxFileBytes: number;
  /** Checks the rest of projectData before any file is stored (public: bot check + terms). */
  admit?: (data: Record<string, unknown>) => Promise<void>;
}

const NO_FILES = {
  user: 'Please upload at least one STL or PLY file',
  public: 'Please upload at least one DCM, STL, or PLY file',
};
const DEFAULT_MATERIAL: Record<UploadMode['kind'], MaterialKey> = {
  user: 'default',
  public: 'enamel',
};
/** A project id named by the idempotency key: every retry targets the same stream. */
function projectIdFor(scope: string, key: string): string {
  const h = createHash('sha256').update(`cusp-idem\u0000${scope}\u0000${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80; // version 8 (custom)
  h[8] = (h[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const sizeLimitMessage = (name: string, max: number) =>
  `${name} exceeds ${Math.round(max / (1024 * 1024))}MB limit`;

/**
 * `POST /api/projects` and `POST /api/public/projects`, streamed: each file
 * part goes through the content check, encryption with the project key and the BlobStore
 * (temp → fsync → rename) as it arrives; only when every file is stored is `ProjectCreated`
 * appended. `projectData` must come before the files so nothing is stored for a request that
 * would be refused anyway. A failure removes this request's blobs; a crash leaves orphans the
 * sweeper removes.
 */
export async function uploadProject(
  request: FastifyRequest,
  deps: AppDeps,
  mode: UploadMode,
): Promise<CreateAnswer> {
  const encoding = request.headers['content-encoding'];
  if (encoding && encoding !== 'identity') {
    throw new UnsupportedMediaType(
      'Compressed request bodies are not accepted',
      'UNSUPPORTED_CONTENT_ENCODING',
    );
  }
  if (!request.isMultipart()) {
    throw new UnsupportedMediaType('Expected multipart/form-data', 'not_multipart');
  }
  const rawKey = request.headers['idempotency-key'];
  if (Array.isArray(rawKey))
    throw new ValidationError('One Idempotency-Key only', 'INVALID_IDEMPOTENCY_KEY');
  if (rawKey !== undefined && !IDEMPOTENCY_KEY.test(rawKey)) {
    throw new ValidationError(
      'Idempotency-Key must be 16–128 characters of letters, digits, - _ : .',
      'INVALID_IDEMPOTENCY_KEY',
    );
  }
  const projectId = rawKey ? projectIdFor(mode.userId, rawKey) : randomUUID();
  const parts = request.parts({
    limits: { fileSize: mode.maxFileBytes },
    // Node's default 16 KiB file-stream buffer pauses the parser after every socket read of a
    // large upload; 1 MiB lets it keep up (memory per upload stays small and bounded).
    fileHwm: 1024 * 1024,
  });

  if (rawKey) {
    const earlier = await existingProject(deps, projectId);
    if (earlier) {
      await drain(parts);
      return earlier;
    }
  }

  const subject = projectSubject(projectId);
  const stored: StoredFile[] = [];

  try {
    const { fields, lists } = await readUploadParts<ProjectFields>(parts, {
      dataField: 'projectData',
      dataFirstCode: 'PROJECT_DATA_FIRST',
      parseData: async (value) => {
        let json: unknown;
        try {
          json = JSON.parse(value);
        } catch {
          throw new ValidationError('projectData must be JSON', 'invalid_json');
        }
        const data = parseOr400(projectDataSchema, json);
        const cleaned = cleanProjectFields(data);
        if (mode.admit) await mode.admit(data as Record<string, unknown>);
        return cleaned;
      },
      storeFile: async (part) => {
        stored.push(await storeFile(deps, part, projectId, subject, mode));
      },
    });

    if (!fields)
      throw new ValidationError('Please fill in all required fields', 'validation_failed');
    if (stored.length === 0) throw new ValidationError(NO_FILES[mode.kind], 'NO_FILES');

    return await createProject(deps, {
      projectId,
      userId: mode.userId,
      fields,
      models: buildModels(stored, lists, mode),
      files: stored,
      kind: mode.kind,
      context: {
        actor: mode.actor,
        requestId: request.id,
        ...(rawKey ? { idempotencyKey: rawKey } : {}),
      },
    });
  } catch (err) {
    await removeFiles(deps, stored);
    await drain(parts).catch(() => {});
    if (err instanceof KeyShredded) {
      throw new Conflict(IDEMPOTENCY_KEY_USED, 'IDEMPOTENCY_KEY_USED');
    }
    throw err;
  }
}

export async function storeFile(
  deps: AppDeps,
  part: MultipartFile,
  projectId: string,
  subject: string,
  mode: UploadMode,
): Promise<StoredFile> {
  const originalName = displayFileName(part.filename);
  const ext = extensionOf(originalName);
  if (!(['stl', 'ply', 'dcm'] as string[]).includes(ext)) {
    part.file.resume();
    throw new ValidationError(unsupportedFilesMessage([originalName]), 'UNSUPPORTED_FILE_TYPE');
  }
  const modelId = randomUUID();
  const blobKey = projectBlobKey(projectId, modelId);
  const dataKey = await deps.keys.keyFor(subject);
  const ingest = new MeshIngestStream(deps.mesh, ext as UploadExtension);
  // Two hashes: of the bytes as uploaded, and of the file as stored and later downloaded.
  const uploaded = new HashTap();
  const stored = new HashTap();
  // The bytes as uploaded go to a blob of their own too: the lab checks an approval against its
  // CAM files, so it must be able to download exactly what it sent.
  const keptKey = uploadedBlobKey(blobKey);
  const kept = new BlobTee(deps.blobs, keptKey, dataKey);
  try {
    // One pipeline from the request's part to the store: a client that goes away destroys the
    // part, which ends every stage and the store's write at once (`.pipe()` passed no error on).
    await putEncrypted(deps.blobs, blobKey, part.file, dataKey, [uploaded, kept, ingest, stored]);
  } catch (err) {
    // The copy may have been completed before a later stage refused the file.
    await kept.written.catch(() => {});
    await deps.blobs.delete(keptKey).catch(() => {});
    part.file.resume();
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
      throw new PayloadTooLarge(
        sizeLimitMessage(originalName, mode.maxFileBytes),
        'FILE_TOO_LARGE',
      );
    }
    if (err instanceof MeshRejected) {
      throw new AppError(err.status, err.code, `Failed to process ${originalName}: ${err.message}`);
    }
    throw err;
  }
  if (part.file.truncated) {
    await deps.blobs.delete(blobKey);
    await deps.blobs.delete(keptKey);
    throw new PayloadTooLarge(sizeLimitMessage(originalName, mode.maxFileBytes), 'FILE_TOO_LARGE');
  }
  // Nothing changed on the way (no header text, nothing converted): the stored copy is the upload.
  if (uploaded.hex === stored.hex) await deps.blobs.delete(keptKey);
  const r = ingest.result!;
  return {
    modelId,
    blobKey,
    originalName,
    format: r.format,
    size: r.bytes,
    triangles: r.triangles,
    sha256: stored.hex!,
    uploadedSha256: uploaded.hex!,
  };
}

/** The models of the stored files, as the upload's lists describe them (names still clear). */
export function buildModels(
  stored: StoredFile[],
  lists: UploadLists,
  mode: UploadMode,
): NewModel[] {
  for (const f of LIST_FIELDS) {
    if (lists[f].length > stored.length) {
      throw new ValidationError(`${f} has more entries than files`, 'validation_failed');
    }
  }
  const types = stored.map((_, i) => (mode.kind === 'user' ? (lists.modelTypes[i] ?? '') : ''));
  for (const t of types) {
    if (t !== '' && t !== 'individual' && t !== 'teeth') {
      throw new ValidationError('modelTypes entries are individual or teeth', 'validation_failed');
    }
  }
  const teeth = types.filter((t) => t === 'teeth').length;
  const models: NewModel[] = [];
  for (const [i, f] of stored.entries()) {
    const given = lists.modelMaterials[i] ?? '';
    let material: MaterialKey;
    if (given === '') {
      material = f.format === 'ply' ? 'texture' : DEFAULT_MATERIAL[mode.kind];
    } else if ((MATERIAL_KEYS as readonly string[]).includes(given)) {
      material = given as MaterialKey;
    } else {
      throw new ValidationError(`Unknown material: ${given.slice(0, 50)}`, 'INVALID_MATERIAL');
    }
    if (!materialAllowed(f.format, material)) {
      throw new ValidationError(
        f.format === 'ply'
          ? `${f.originalName}: PLY files may only use the texture material`
          : `${f.originalName}: the texture material is only for PLY files`,
        'INVALID_MATERIAL',
      );
    }
    const inGroup = types[i] === 'teeth' && teeth > 1;
    models.push({
      id: f.modelId,
      filename: `${f.modelId}.${f.format}`,
      originalName: f.originalName,
      name: modelDisplayName(lists.modelCustomNames[i], f.originalName),
      size: f.size,
      type: f.format,
      material,
      groupedFrom: inGroup ? 'Teeth' : null,
      groupSize: inGroup ? teeth : null,
      blobKey: f.blobKey,
      triangles: f.triangles,
      sha256: f.sha256,
      uploadedSha256: f.uploadedSha256,
    });
  }
  return models;
}
