import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../http/guards.js';
import type { Input } from '../http/routeInput.js';
import { removeFiles, type StoredFile } from '../commands/createProject.js';
import { addProjectVersion } from '../commands/versions.js';
import {
  VERSION_NOTE_MAX_CHARS,
  VERSION_NOTE_REQUIRED,
  versionData,
  type VersionAnswer,
} from '../contract/versions.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { UnsupportedMediaType, ValidationError } from '../errors.js';
import { parseOr400 } from '../http/validate.js';
import { requireProjectAccess } from './projectAccess.js';
import { buildModels, storeFile, type UploadMode } from './projectUpload.js';
import { drain, readUploadParts } from './uploadParts.js';

interface VersionFields {
  note: string;
  keep: string[];
}

function parseVersionData(value: string): VersionFields {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new ValidationError('versionData must be JSON', 'invalid_json');
  }
  const d = parseOr400(versionData, json);
  if (d.note === '') throw new ValidationError(VERSION_NOTE_REQUIRED, 'validation_failed');
  if (d.note.length > VERSION_NOTE_MAX_CHARS) {
    throw new ValidationError(
      `The note must be at most ${VERSION_NOTE_MAX_CHARS} characters`,
      'validation_failed',
    );
  }
  return { note: d.note, keep: [...new Set(d.keep)] };
}

/**
 * `POST /api/projects/:id/versions`: the owner uploads a new version (multipart, like create:
 * `versionData` JSON first — note and the ids of the latest models that stay — then the new
 * `models` files with their per-file lists). Files are checked, encrypted with the project's key
 * and stored as they arrive; only then is `ProjectVersionAdded` appended. A refusal or failure
 * removes this request's files. The link stays the same.
 */
async function addVersion(
  request: FastifyRequest,
  deps: AppDeps,
  projectId: string,
  mode: UploadMode,
): Promise<VersionAnswer> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaType('Expected multipart/form-data', 'not_multipart');
  }
  const subject = projectSubject(projectId);
  const parts = request.parts({ limits: { fileSize: mode.maxFileBytes }, fileHwm: 1024 * 1024 });
  const stored: StoredFile[] = [];
  try {
    const { fields, lists } = await readUploadParts(parts, {
      dataField: 'versionData',
      dataFirstCode: 'VERSION_DATA_FIRST',
      parseData: parseVersionData,
      storeFile: async (part) => {
        stored.push(await storeFile(deps, part, projectId, subject, mode));
      },
    });
    if (!fields) throw new ValidationError(VERSION_NOTE_REQUIRED, 'validation_failed');
    const added = await addProjectVersion(
      deps,
      {
        projectId,
        note: fields.note,
        keep: fields.keep,
        added: buildModels(stored, lists, mode),
        files: stored,
      },
      { actor: mode.actor, requestId: request.id },
    );
    return { projectId, ...added };
  } catch (err) {
    await removeFiles(deps, stored);
    await drain(parts).catch(() => {});
    throw err;
  }
}

export async function projectVersionsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post<Input<'POST /api/projects/:id/versions'>>(
    '/api/projects/:id/versions',
    async (request, reply) => {
      const principal = principalOf(request);
      const { id } = request.params;
      const { ownerId } = await requireProjectAccess(deps, principal, id, { allowAdmin: false });
      const answer = await addVersion(request, deps, id, {
        kind: 'user',
        userId: ownerId,
        actor: `user:${ownerId}`,
        maxFileBytes: deps.config.UPLOAD_MAX_BYTES,
      });
      return reply.code(201).send(answer);
    },
  );
}
