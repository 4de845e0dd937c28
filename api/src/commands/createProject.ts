import { uploadedBlobKey } from '../blobs/blobStore.js';
import type { AppDeps } from '../deps.js';
import { projectSubject, ProjectRuleError, type CreateProject } from '../domain/project.js';
import { Conflict } from '../errors.js';
import { publicLinkFor } from '../links/projectLinks.js';
import { ensurePublicToken } from './publicLink.js';
import { ensureViewDerivative } from '../mesh/viewStore.js';
import { buildThumbnailLater } from '../mesh/thumbnailStore.js';
import { WrongExpectedVersion } from '../store/eventStore.js';
import { handleCommand, type CommandContext } from './handleCommand.js';
import { sealModels, type NewModel } from './models.js';
import { commandPorts } from './ports.js';
import { loadProject } from './projectCommand.js';
import { projectDecider, projectStream } from '../domain/project.js';
import type { CreateAnswer as ContractCreateAnswer } from '../contract/projects.js';

/** A model file already checked, encrypted with the project key and stored. */
export interface StoredFile {
  modelId: string;
  blobKey: string;
  originalName: string;
  format: 'stl' | 'ply';
  size: number;
  triangles: number;
  /** SHA-256 (hex) of the stored (downloadable) file and of the bytes as uploaded. */
  sha256: string;
  uploadedSha256: string;
}

export interface CreateAnswer {
  status: 200 | 201;
  body: ContractCreateAnswer;
}

/** The project's text fields as entered, clear. */
export interface ProjectFields {
  name: string;
  patientName: string;
  laboratoryName: string;
  comment: string | null;
}

export interface NewProject {
  projectId: string;
  /** The owner: a user id, or 'public' for the anonymous quick upload. */
  userId: string;
  fields: ProjectFields;
  models: NewModel[];
  /** The files `models` names, stored before this step. */
  files: StoredFile[];
  /** With an idempotency key, a concurrent retry that won answers for this request. */
  context: CommandContext;
  kind: 'user' | 'public';
}

export const IDEMPOTENCY_KEY_USED = 'This Idempotency-Key belongs to a deleted project';

/**
 * The last steps of an upload, once every file is stored: the personal fields and the models'
 * names, hashes, sizes and triangle counts sealed with the project's key, the public link, then
 * `ProjectCreated` through the command handler, then the read models. A concurrent retry with the
 * same idempotency key that got there first is the answer (this request's files are removed).
 * Whatever fails, the caller removes the files it stored.
 */
export async function createProject(deps: AppDeps, input: NewProject): Promise<CreateAnswer> {
  const { projectId, fields } = input;
  const subject = projectSubject(projectId);
  const seal = (field: string, v: string) => deps.keys.seal(subject, field, v);
  const data: CreateProject['data'] = {
    projectId,
    userId: input.userId,
    name: await seal('name', fields.name),
    patientName: await seal('patientName', fields.patientName),
    laboratoryName: await seal('laboratoryName', fields.laboratoryName),
    comment: fields.comment === null ? null : await seal('comment', fields.comment),
    status: 'pending',
    models: await sealModels(deps, subject, input.models),
    createdAt: deps.now().toISOString(),
  };
  const token = await ensurePublicToken(deps, projectId);

  faultPoint(deps, 'after-blob-fsync');

  try {
    const r = await handleCommand(commandPorts(deps), {
      stream: projectStream(projectId),
      decider: projectDecider,
      command: { type: 'CreateProject', data },
      context: input.context,
      awaitProjections: false,
    });
    faultPoint(deps, 'after-append');
    if (r.position) await deps.projections.waitFor(r.position, 2000);
  } catch (err) {
    const lost =
      err instanceof WrongExpectedVersion ||
      (err instanceof ProjectRuleError && err.code === 'project_exists');
    if (lost && input.context.idempotencyKey) {
      await removeFiles(deps, input.files);
      const earlier = await existingProject(deps, projectId);
      if (earlier) return earlier;
    }
    throw err;
  }
  deps.log.info({ projectId, files: input.files.length, kind: input.kind }, 'project created');
  if (deps.config.VIEW_PREBUILD) {
    const blobKeys = input.files.map((f) => f.blobKey);
    void prebuildViews(deps, subject, input.files).then(() =>
      buildThumbnailLater(deps, projectId, 1, blobKeys),
    );
  }
  return { status: 201, body: { projectId, publicLink: publicLinkFor(deps, token) } };
}

/** The answer of an earlier request with the same idempotency key, or null when there is none. */
export async function existingProject(
  deps: AppDeps,
  projectId: string,
): Promise<CreateAnswer | null> {
  const { state } = await loadProject(deps, projectId);
  if (state.status === 'empty') return null;
  if (state.status === 'deleted') throw new Conflict(IDEMPOTENCY_KEY_USED, 'IDEMPOTENCY_KEY_USED');
  const token = await ensurePublicToken(deps, projectId);
  const head = await deps.store.readStream(projectStream(projectId));
  const last = head[head.length - 1];
  if (last) await deps.projections.waitFor(last.position, 2000);
  return { status: 200, body: { projectId, publicLink: publicLinkFor(deps, token) } };
}

/** Removes the blobs of files stored for a request that failed: as stored and as uploaded. */
export async function removeFiles(deps: AppDeps, stored: StoredFile[]): Promise<void> {
  for (const f of stored) {
    for (const key of [f.blobKey, uploadedBlobKey(f.blobKey)]) {
      await deps.blobs.delete(key).catch(() => {});
    }
  }
}

/**
 * Builds each model's compact view derivative after the answer is sent, one model at a time, so
 * the upload neither waits for it nor holds several large meshes at once. A doctor who opens the
 * link first gets it built on demand; `ensureViewDerivative` builds each one only once.
 */
async function prebuildViews(deps: AppDeps, subject: string, stored: StoredFile[]): Promise<void> {
  try {
    const dataKey = await deps.keys.keyFor(subject);
    for (const f of stored) await ensureViewDerivative(deps, f.blobKey, dataKey);
  } catch (err) {
    deps.log.warn({ err, subject }, 'view derivative not prebuilt; it is built on first view');
  }
}

/**
 * Test hook of the crash tests: `FAULT_AT=<name>` (parsed by config.ts, refused in production)
 * kills the process at that point.
 */
export function faultPoint(deps: AppDeps, name: NonNullable<AppDeps['config']['FAULT_AT']>): void {
  if (deps.config.NODE_ENV !== 'production' && deps.config.FAULT_AT === name) {
    process.kill(process.pid, 'SIGKILL');
  }
}
