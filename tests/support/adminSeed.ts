/**
 * Seeds users and projects through the real write side (the user and project deciders, the key
 * ring, the encrypted BlobStore), without HTTP: admin tests need many of them, some back-dated.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { projectBlobKey } from '../../api/src/blobs/blobStore.js';
import { putEncrypted } from '../../api/src/blobs/encrypted.js';
import type { AppDeps } from '../../api/src/deps.js';
import {
  PUBLIC_USER_ID,
  projectSubject,
  type ProjectStatus,
  type SealedModelRecord,
} from '../../api/src/domain/project.js';
import { sealModels } from '../../api/src/commands/models.js';
import { userSubject, type Role } from '../../api/src/domain/user.js';
import { runProjectCommand } from '../../api/src/commands/projectCommand.js';
import { ensurePublicToken } from '../../api/src/commands/publicLink.js';
import { runUserCommand } from '../../api/src/commands/userCommand.js';
import type { UserCommand } from '../../api/src/domain/user.js';

export interface SeededUser {
  id: string;
  name: string;
  email: string;
  companyName: string;
  role: Role;
  token: string;
}

export async function seedUser(
  deps: AppDeps,
  opts: { name: string; email: string; companyName?: string; role?: Role; at?: Date },
): Promise<SeededUser> {
  const id = randomUUID();
  const subject = userSubject(id);
  const at = (opts.at ?? deps.now()).toISOString();
  const companyName = opts.companyName ?? `${opts.name} Lab`;
  const [name, email, company] = await Promise.all([
    deps.keys.seal(subject, 'name', opts.name),
    deps.keys.seal(subject, 'email', opts.email),
    deps.keys.seal(subject, 'companyName', companyName),
  ]);
  const run = async (command: UserCommand, actor: string) => {
    const r = await runUserCommand(deps, id, command, actor);
    if (r.position) await deps.projections.waitFor(r.position, 5_000);
  };
  await run(
    {
      type: 'RegisterUser',
      data: { userId: id, name, email, companyName: company, listedAdmin: false, at },
    },
    'anonymous',
  );
  await run({ type: 'VerifyEmail', data: { userId: id, at } }, `user:${id}`);
  const role = opts.role ?? 'user';
  if (role === 'admin') {
    await run({ type: 'GrantRole', data: { userId: id, role, reason: 'cli', at } }, 'system');
  }
  const token = await deps.accounts.sessions.create(id);
  return { id, name: opts.name, email: opts.email, companyName, role, token };
}

export interface SeededProject {
  id: string;
  name: string;
  patientName: string;
  laboratoryName: string;
  userId: string;
  publicToken: string;
  blobKeys: string[];
  sizes: number[];
  modelIds: string[];
}

export async function seedProject(
  deps: AppDeps,
  opts: {
    userId: string;
    name: string;
    patientName?: string;
    laboratoryName?: string;
    files?: number;
    fileBytes?: number;
    status?: ProjectStatus;
    createdAt?: Date;
  },
): Promise<SeededProject> {
  const id = randomUUID();
  const subject = projectSubject(id);
  const seal = (field: string, v: string) => deps.keys.seal(subject, field, v);
  const patientName = opts.patientName ?? `Patient of ${opts.name}`;
  const laboratoryName = opts.laboratoryName ?? 'Seed Lab';
  const models: SealedModelRecord[] = [];
  const blobKeys: string[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < (opts.files ?? 1); i++) {
    const size = (opts.fileBytes ?? 684) + i;
    const model = await seedModel(deps, id, { size, label: `${patientName} scan ${i}` });
    blobKeys.push(model.blobKey);
    sizes.push(size);
    models.push(model);
  }
  const actor = opts.userId === PUBLIC_USER_ID ? 'anonymous' : `user:${opts.userId}`;
  const [name, patient, lab] = await Promise.all([
    seal('name', opts.name),
    seal('patientName', patientName),
    seal('laboratoryName', laboratoryName),
  ]);
  await runProjectCommand(
    deps,
    id,
    {
      type: 'CreateProject',
      data: {
        projectId: id,
        userId: opts.userId,
        name,
        patientName: patient,
        laboratoryName: lab,
        comment: null,
        status: 'pending',
        models,
        createdAt: (opts.createdAt ?? deps.now()).toISOString(),
      },
    },
    { actor },
  );
  const publicToken = await ensurePublicToken(deps, id);
  if (opts.status && opts.status !== 'pending') {
    await setStatus(deps, id, opts.status, actor);
  }
  return {
    id,
    name: opts.name,
    patientName,
    laboratoryName,
    userId: opts.userId,
    publicToken,
    blobKeys,
    sizes,
    modelIds: models.map((m) => m.id),
  };
}

/** Stores one encrypted file of random bytes for a project and returns its model record. */
async function seedModel(
  deps: AppDeps,
  projectId: string,
  opts: { size: number; label: string },
): Promise<SealedModelRecord> {
  const subject = projectSubject(projectId);
  const modelId = randomUUID();
  const blobKey = projectBlobKey(projectId, modelId);
  const dk = await deps.keys.keyFor(subject);
  const bytes = randomBytes(opts.size);
  await putEncrypted(deps.blobs, blobKey, Readable.from([bytes]), dk);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const [model] = await sealModels(deps, subject, [
    {
      id: modelId,
      filename: `${modelId}.stl`,
      originalName: `${opts.label}.stl`,
      name: opts.label,
      size: opts.size,
      type: 'stl',
      material: 'enamel',
      groupedFrom: null,
      groupSize: null,
      blobKey,
      triangles: 12,
      sha256,
      uploadedSha256: sha256,
    },
  ]);
  return model!;
}

/**
 * Adds a version to a seeded project: keeps the models `keep` names, adds new files of the given
 * sizes. Returns the new files' records.
 */
export async function seedVersion(
  deps: AppDeps,
  project: Pick<SeededProject, 'id' | 'userId'>,
  opts: { keep: string[]; addedSizes: number[]; note?: string },
): Promise<SealedModelRecord[]> {
  const added: SealedModelRecord[] = [];
  for (const [i, size] of opts.addedSizes.entries()) {
    added.push(await seedModel(deps, project.id, { size, label: `revised scan ${i}` }));
  }
  const note = await deps.keys.seal(
    projectSubject(project.id),
    'versionNote',
    opts.note ?? 'revised',
  );
  const actor = project.userId === PUBLIC_USER_ID ? 'anonymous' : `user:${project.userId}`;
  await runProjectCommand(
    deps,
    project.id,
    {
      type: 'AddProjectVersion',
      data: { projectId: project.id, keep: opts.keep, added, note, now: deps.now().toISOString() },
    },
    { actor },
  );
  return added;
}

export async function setStatus(
  deps: AppDeps,
  projectId: string,
  status: ProjectStatus,
  actor: string,
): Promise<void> {
  await runProjectCommand(
    deps,
    projectId,
    {
      type: 'ChangeProjectStatus',
      data: { projectId, status, now: deps.now().toISOString() },
    },
    { actor },
  );
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
