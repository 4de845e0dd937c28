import { createHash } from 'node:crypto';
import {
  APPROVAL_RECORD_FORMAT,
  DIGEST_CHECK_SENTENCE,
  type ApprovalRecord,
  type ApprovalRecordContent,
} from '../contract/approvalRecord.js';
import type { ProjectApproval } from '../contract/projects.js';
import type { AppDeps } from '../deps.js';
import { canonicalJson } from '../domain/canonicalJson.js';
import {
  CHECKLIST_ANSWER_LABELS,
  CHECKLIST_LABELS,
  type ChecklistAnswer,
} from '../domain/checklist.js';
import { PUBLIC_USER_ID, projectSubject } from '../domain/project.js';
import { userSubject } from '../domain/user.js';
import { NotFound } from '../errors.js';
import { versionThumbnail } from '../mesh/thumbnailStore.js';
import { approvalsOf, versionsOf } from '../../../projections/src/versions/queries.js';
import { userProfile } from '../../../projections/src/users/queries.js';
import { loadProjects, type ProjectDto } from './projects.js';
import { loadThread, type ThreadEntryDto } from './thread.js';

export const NOT_APPROVED_MESSAGE =
  'There is no approval record yet: the latest version of this project has not been approved';

/** The record, and the picture the PDF shows (the bytes `record.image.sha256` names). */
export interface LoadedApprovalRecord {
  record: ApprovalRecord;
  image: Uint8Array | null;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The digest of a record: SHA-256 of its canonical JSON without the `digest` field. */
export function approvalRecordDigest(content: ApprovalRecordContent): string {
  return sha256(canonicalJson(content));
}

/**
 * The approval record of a project's current approval: the latest version approved and the
 * project still approved. Before that, or once a new version or a status change ended the
 * approval, 404 `not_approved`: a record of an approval that no longer holds would mislead.
 */
export async function loadApprovalRecord(
  deps: AppDeps,
  projectId: string,
): Promise<LoadedApprovalRecord> {
  const [project] = await loadProjects(deps, { ids: [projectId] }, { includeOwner: true });
  if (!project) throw new NotFound('Project not found');
  const approval = currentApproval(project);
  const version = project.versions.find((v) => v.n === approval.version);
  if (!version) throw new NotFound(NOT_APPROVED_MESSAGE, 'not_approved');

  const subject = projectSubject(projectId);
  const dk = await deps.keys.existingKey(subject);
  if (!dk) throw new NotFound('Project not found');

  const [approvalRows, versionRows, thread, technician] = await Promise.all([
    approvalsOf(deps.db, [projectId]),
    versionsOf(deps.db, [projectId]),
    loadThread(deps, projectId, { withEmails: false }),
    technicianOf(deps, project.userId),
  ]);
  const modelNames = new Map(
    project.versions.flatMap((v) => v.models.map((m) => [m.id, m.name] as const)),
  );
  const sizes = new Map(version.models.map((m) => [m.id, m.size]));
  const checklist = approvalRows.get(projectId)?.checklist ?? null;

  let image: Uint8Array | null = null;
  try {
    const blobKeys = (versionRows.find((v) => v.n === version.n)?.models ?? []).map(
      (m) => m.blobKey,
    );
    image = await versionThumbnail(deps, projectId, version.n, blobKeys, dk);
  } catch (err) {
    deps.log.warn({ err, projectId, version: version.n }, 'approval record without its picture');
  }

  const content: ApprovalRecordContent = {
    format: APPROVAL_RECORD_FORMAT,
    project: {
      id: project.id,
      name: project.name,
      patientName: project.patientName,
      laboratoryName: project.laboratoryName,
      notes: project.comment,
      createdAt: project.createdAt,
    },
    technician,
    version: { number: version.n, note: version.note, uploadedAt: version.createdAt },
    files: approval.files.map((f) => ({
      modelId: f.modelId,
      name: f.name,
      size: sizes.get(f.modelId) ?? 0,
      sha256Uploaded: f.uploadedSha256,
      sha256Stored: f.sha256,
    })),
    approval: { approvedBy: approval.by, at: approval.at, timeZone: 'UTC' },
    checklist: checklist?.length
      ? checklist.map((a) => checklistEntry(a, thread, modelNames))
      : null,
    thread: thread.map((t) => threadEntry(t, modelNames)),
    image: image ? { version: version.n, mediaType: 'image/png', sha256: sha256(image) } : null,
  };
  const record: ApprovalRecord = {
    ...content,
    digest: {
      algorithm: 'SHA-256',
      canonicalization: 'RFC 8785',
      value: approvalRecordDigest(content),
      howToCheck: DIGEST_CHECK_SENTENCE,
    },
  };
  return { record, image };
}

/** The approval the record is of, or 404 `not_approved`. */
function currentApproval(project: ProjectDto): ProjectApproval {
  const latest = Math.max(...project.versions.map((v) => v.n));
  const a = project.approval;
  if (project.status !== 'approved' || !a || a.version !== latest) {
    throw new NotFound(NOT_APPROVED_MESSAGE, 'not_approved');
  }
  return a;
}

async function technicianOf(
  deps: AppDeps,
  userId: string | undefined,
): Promise<ApprovalRecord['technician']> {
  if (!userId || userId === PUBLIC_USER_ID) return null;
  const row = await userProfile(deps.db, userId);
  if (!row) return null;
  const subject = userSubject(userId);
  const [name, email, companyName] = await Promise.all([
    deps.keys.open(subject, 'name', row.name),
    deps.keys.open(subject, 'email', row.email),
    deps.keys.open(subject, 'companyName', row.companyName),
  ]);
  if (name === null || email === null) return null;
  return { name, email, companyName: companyName ?? '' };
}

function checklistEntry(
  a: ChecklistAnswer,
  thread: readonly ThreadEntryDto[],
  modelNames: ReadonlyMap<string, string>,
): NonNullable<ApprovalRecord['checklist']>[number] {
  const comment = a.commentId ? thread.find((t) => t.id === a.commentId) : undefined;
  const pinnedOn =
    comment?.pin && comment.anchor
      ? `Pin ${comment.pin} · ${modelNames.get(comment.anchor.modelId) ?? 'a removed model'}`
      : null;
  return {
    item: a.item,
    label: CHECKLIST_LABELS[a.item],
    answer: a.answer,
    answerLabel: CHECKLIST_ANSWER_LABELS[a.answer],
    pinnedOn,
  };
}

function threadEntry(
  t: ThreadEntryDto,
  modelNames: ReadonlyMap<string, string>,
): ApprovalRecord['thread'][number] {
  const topComment = t.kind === 'comment' && t.parentId === null;
  return {
    id: t.id,
    kind: t.kind,
    parentId: t.parentId,
    author: t.author ? { role: t.author.role, name: t.author.name } : null,
    at: t.createdAt,
    text: t.body,
    version: t.version,
    pin:
      t.pin !== null && t.anchor
        ? {
            number: t.pin,
            modelId: t.anchor.modelId,
            modelName: modelNames.get(t.anchor.modelId) ?? 'a removed model',
          }
        : null,
    state: topComment ? (t.resolvedAt ? 'resolved' : 'open') : null,
    changesRequested: t.changesRequested,
    status: t.status,
  };
}
