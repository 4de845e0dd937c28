import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { projectBlobPrefix } from '../blobs/blobStore.js';
import { openWith } from '../crypto/keyRing.js';
import type { AppDeps } from '../deps.js';
import { CommentRuleError } from '../domain/comments.js';
import {
  decide,
  foldProject,
  PUBLIC_USER_ID,
  projectStream,
  projectSubject,
  ProjectRuleError,
  type ProjectCommand,
  type ProjectEvent,
  type ProjectState,
} from '../domain/project.js';
import { AppError, Conflict, NotFound } from '../errors.js';
import { WrongExpectedVersion, type EventMetadata, type Position } from '../store/eventStore.js';
import type { FeedbackRow } from '../../../projections/src/feedback/index.js';
import type { ProjectModelRow, ProjectRow } from '../../../projections/src/projects/index.js';
import { openCommentCounts } from '../../../projections/src/thread/queries.js';
import { userSubject } from '../domain/user.js';
import type { Project, ProjectFeedback, ProjectModel, ProjectOwner } from './projectTypes.js';

/** Public token: `pub_` + 43 base64url characters = 256 random bits (architecture §12). */
export const PUBLIC_TOKEN = /^pub_[A-Za-z0-9_-]{43}$/;
export const newPublicToken = (): string => `pub_${randomBytes(32).toString('base64url')}`;
export const hashPublicToken = (token: string): Buffer =>
  createHash('sha256').update(token, 'utf8').digest();
export const publicLinkFor = (deps: AppDeps, token: string): string =>
  `${deps.config.publicBaseUrl}/viewer/${token}`;

const LINK_FIELD = 'publicToken';

/**
 * The project's public link, created once. Concurrent callers (retries with one
 * Idempotency-Key) all get the token of whoever inserted first.
 */
export async function ensurePublicToken(deps: AppDeps, projectId: string): Promise<string> {
  const subject = projectSubject(projectId);
  const token = newPublicToken();
  const sealed = await deps.keys.seal(subject, LINK_FIELD, token);
  await deps.db.query(
    `INSERT INTO project_links (project_id, token_hash, token_sealed) VALUES ($1, $2, $3)
     ON CONFLICT (project_id) DO NOTHING`,
    [projectId, hashPublicToken(token), sealed],
  );
  const stored = await publicTokenOf(deps, projectId);
  if (!stored) throw new NotFound('Project not found');
  return stored;
}

export async function publicTokenOf(deps: AppDeps, projectId: string): Promise<string | null> {
  const r = await deps.db.query<{ token_sealed: string }>(
    'SELECT token_sealed FROM project_links WHERE project_id = $1',
    [projectId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return deps.keys.open(projectSubject(projectId), LINK_FIELD, row.token_sealed);
}

export async function projectIdForToken(deps: AppDeps, token: string): Promise<string | null> {
  if (!PUBLIC_TOKEN.test(token)) return null;
  const r = await deps.db.query<{ project_id: string }>(
    'SELECT project_id FROM project_links WHERE token_hash = $1',
    [hashPublicToken(token)],
  );
  return r.rows[0]?.project_id ?? null;
}

// ---------------------------------------------------------------- reading

export interface ModelDto extends ProjectModel {
  triangles: number;
}

export type FeedbackDto = ProjectFeedback;

export interface ProjectDto extends Omit<Project, 'models'> {
  updatedAt: string;
  userId?: string;
  /** The doctor's comments not resolved yet (the card's count). */
  openComments: number;
  models: ModelDto[];
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * Name and company of each signed-in owner, opened with the user's key. Anonymous uploads and
 * owners whose account is gone (key shredded, row deleted) are absent.
 */
async function ownersOf(deps: AppDeps, userIds: string[]): Promise<Map<string, ProjectOwner>> {
  const ids = [...new Set(userIds)].filter((id) => id !== PUBLIC_USER_ID);
  const out = new Map<string, ProjectOwner>();
  if (ids.length === 0) return out;
  const r = await deps.db.query<{ id: string; name: string; company_name: string }>(
    'SELECT id::text AS id, name, company_name FROM users WHERE id::text = ANY($1::text[])',
    [ids],
  );
  for (const row of r.rows) {
    const subject = userSubject(row.id);
    const [name, companyName] = await Promise.all([
      deps.keys.open(subject, 'name', row.name),
      deps.keys.open(subject, 'companyName', row.company_name),
    ]);
    if (name !== null) out.set(row.id, { name, companyName: companyName ?? '' });
  }
  return out;
}

/** Read-model rows of some projects, personal fields opened with each project's key. */
export async function loadProjects(
  deps: AppDeps,
  where: { userId: string } | { ids: string[] },
  opts: { includeOwner: boolean },
): Promise<ProjectDto[]> {
  const rows =
    'userId' in where
      ? await deps.db.query<ProjectRow>(
          'SELECT * FROM projects WHERE user_id = $1 ORDER BY created_at DESC, id',
          [where.userId],
        )
      : await deps.db.query<ProjectRow>('SELECT * FROM projects WHERE id = ANY($1::uuid[])', [
          where.ids,
        ]);
  if (rows.rows.length === 0) return [];
  const ids = rows.rows.map((r) => r.id);
  const [models, feedback, links, owners, openCounts] = await Promise.all([
    deps.db.query<ProjectModelRow>(
      'SELECT * FROM project_models WHERE project_id = ANY($1::uuid[]) ORDER BY project_id, position',
      [ids],
    ),
    deps.db.query<FeedbackRow>(
      'SELECT * FROM feedback WHERE project_id = ANY($1::uuid[]) ORDER BY created_at, id',
      [ids],
    ),
    deps.db.query<{ project_id: string; token_sealed: string }>(
      'SELECT project_id, token_sealed FROM project_links WHERE project_id = ANY($1::uuid[])',
      [ids],
    ),
    ownersOf(
      deps,
      rows.rows.map((r) => r.user_id),
    ),
    openCommentCounts(deps.db, ids),
  ]);
  const out: ProjectDto[] = [];
  for (const row of rows.rows) {
    const subject = projectSubject(row.id);
    const dk = await deps.keys.existingKey(subject);
    // Shredded but its ProjectDeleted not yet projected: treat as gone.
    if (!dk) continue;
    const open = (field: string, sealed: string) => openWith(dk.key, subject, field, sealed);
    const link = links.rows.find((l) => l.project_id === row.id);
    const token = link ? open(LINK_FIELD, link.token_sealed) : null;
    out.push({
      id: row.id,
      name: open('name', row.name),
      patientName: open('patientName', row.patient_name),
      laboratoryName: open('laboratoryName', row.laboratory_name),
      comment: row.comment ? open('comment', row.comment) : null,
      status: row.status,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      ...(opts.includeOwner ? { userId: row.user_id } : {}),
      publicToken: token,
      publicLink: token ? publicLinkFor(deps, token) : null,
      models: models.rows
        .filter((m) => m.project_id === row.id)
        .map((m) => ({
          id: m.id,
          filename: m.filename,
          originalName: open('originalName', m.original_name),
          name: open('modelName', m.name),
          size: Number(m.size),
          type: m.type,
          material: m.material,
          groupedFrom: m.grouped_from,
          groupSize: m.group_size,
          triangles: m.triangles,
        })),
      feedback: feedback.rows
        .filter((f) => f.project_id === row.id)
        .map((f) => ({
          id: f.id,
          type: f.type,
          message: open('message', f.message),
          createdAt: iso(f.created_at),
          readAt: f.read_at ? iso(f.read_at) : null,
        })),
      fileCount: row.file_count,
      storageBytes: Number(row.storage_bytes),
      unreadCount: row.unread_count,
      openComments: openCounts.get(row.id) ?? 0,
      user: owners.get(row.user_id) ?? null,
    });
  }
  return out;
}

export async function projectOwner(deps: AppDeps, projectId: string): Promise<string | null> {
  const r = await deps.db.query<{ user_id: string }>('SELECT user_id FROM projects WHERE id = $1', [
    projectId,
  ]);
  return r.rows[0]?.user_id ?? null;
}

// ---------------------------------------------------------------- writing

export interface CommandContext {
  actor: string;
  requestId?: string;
  idempotencyKey?: string;
}

export function metadata(deps: AppDeps, ctx: CommandContext): EventMetadata {
  return {
    actor: ctx.actor,
    at: deps.now().toISOString(),
    ...(ctx.requestId ? { requestId: ctx.requestId } : {}),
    ...(ctx.idempotencyKey ? { idempotencyKey: ctx.idempotencyKey } : {}),
  };
}

export async function loadState(
  deps: AppDeps,
  projectId: string,
): Promise<{ state: ProjectState; version: bigint | 'no_stream' }> {
  const events = await deps.store.readStream(projectStream(projectId));
  const state = foldProject(events.map((e) => ({ type: e.type, data: e.data }) as ProjectEvent));
  const last = events[events.length - 1];
  return { state, version: last ? last.revision : 'no_stream' };
}

export function ruleToHttp(err: unknown): never {
  if (err instanceof CommentRuleError) {
    switch (err.code) {
      case 'comment_not_found':
      case 'parent_not_found':
        throw new NotFound('Comment not found', err.code);
      case 'comment_exists':
        throw new Conflict(err.message, err.code);
      default:
        throw new AppError(400, err.code, err.message);
    }
  }
  if (err instanceof ProjectRuleError) {
    switch (err.code) {
      case 'project_not_found':
        throw new NotFound('Project not found');
      case 'feedback_not_found':
        throw new NotFound('Feedback not found');
      case 'project_exists':
        throw new Conflict('Project already exists', 'project_exists');
      default:
        throw new AppError(400, err.code, err.message);
    }
  }
  throw err;
}

/**
 * Runs one command on a project stream: fold, decide, append with the expected version, and
 * wait for the read models (read-your-writes). One retry on a concurrent write, then 409.
 */
export async function runCommand(
  deps: AppDeps,
  projectId: string,
  build: (state: ProjectState) => ProjectCommand,
  ctx: CommandContext,
): Promise<{ events: ProjectEvent[]; position: Position | undefined; state: ProjectState }> {
  for (let attempt = 0; ; attempt++) {
    const { state, version } = await loadState(deps, projectId);
    let events: ProjectEvent[];
    try {
      events = decide(build(state), state);
    } catch (err) {
      ruleToHttp(err);
    }
    if (events.length === 0) return { events, position: undefined, state };
    try {
      const meta = metadata(deps, ctx);
      const r = await deps.store.append(
        projectStream(projectId),
        events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: meta })),
        { expectedVersion: version },
      );
      await deps.projections.waitFor(r.position, 2000);
      // This process answers its own writer at once; others follow the checkpoints.
      deps.answers.invalidateProject(projectId);
      return { events, position: r.position, state };
    } catch (err) {
      if (err instanceof WrongExpectedVersion && attempt === 0) continue;
      if (err instanceof WrongExpectedVersion) {
        throw new Conflict('The project was changed at the same time; please retry');
      }
      throw err;
    }
  }
}

/**
 * Deletes a project by crypto-shredding (architecture §7): the data key goes first — recorded as
 * shredded, then its keyring bucket rotated, so no copy of the wrapped key the database ever
 * wrote opens any more (from then on every sealed field, the link and every file are unreadable,
 * even with full database and disk access) — then the link row, the blobs and the local copies of
 * its sent mails, then `ProjectDeleted` (no personal data) is appended, which removes the
 * read-model rows. A crash part-way leaves the project unreadable; a retry, or the keyring's
 * upkeep for the key, finishes the job.
 */
export async function deleteProject(
  deps: AppDeps,
  projectId: string,
  reason: 'owner' | 'admin' | 'retention' | 'user_deleted',
  ctx: CommandContext,
): Promise<void> {
  const { state } = await loadState(deps, projectId);
  if (state.status !== 'active') throw new NotFound('Project not found');
  const subject = projectSubject(projectId);
  await deps.keys.destroy(subject);
  // Prepared answers hold opened fields: they go with the key.
  deps.answers.invalidateProject(projectId);
  await deps.db.query('DELETE FROM project_links WHERE project_id = $1', [projectId]);
  await deps.blobs.deletePrefix(projectBlobPrefix(projectId));
  await deps.outbox.forget(subject);
  await runCommand(
    deps,
    projectId,
    () => ({ type: 'DeleteProject', data: { projectId, reason, now: deps.now().toISOString() } }),
    ctx,
  );
  deps.log.info({ projectId, reason }, 'project deleted');
}

export function requestContext(request: FastifyRequest, actor: string): CommandContext {
  return { actor, requestId: request.id };
}
