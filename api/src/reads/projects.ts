import { openWith } from '../crypto/keyRing.js';
import type { AppDeps } from '../deps.js';
import { PUBLIC_USER_ID, projectSubject } from '../domain/project.js';
import { undeliveredDoctorMails } from '../mail/deliveries.js';
import { LINK_FIELD, publicLinkFor, sealedTokensOf } from '../links/projectLinks.js';
import { linkSummaryOf } from '../links/details.js';
import { feedbackOfProjects } from '../../../projections/src/feedback/queries.js';
import { linkRowsOf } from '../../../projections/src/projectLinks/queries.js';
import {
  modelsOfProjects,
  projectOwnerId,
  projectsByIds,
  projectsOfUser,
} from '../../../projections/src/projects/queries.js';
import { userNameRows } from '../../../projections/src/users/queries.js';
import { openCommentCounts } from '../../../projections/src/thread/queries.js';
import { userSubject } from '../domain/user.js';
import { needsAnswer } from '../domain/projectStatus.js';
import { latestThumbnails, thumbnailUrlOf } from '../mesh/thumbnailStore.js';
import { unviewableOriginals } from '../mesh/viewStore.js';
import { checklistsOf } from '../../../projections/src/checklists/queries.js';
import { approvalsOf, versionsOf } from '../../../projections/src/versions/queries.js';
import {
  approvalAnswer,
  modelAnswer,
  openingOnce,
  storedBytes,
  versionAnswers,
} from './versionAnswers.js';
import type { Project, ProjectFeedback, ProjectModel, ProjectOwner } from '../contract/projects.js';

// ---------------------------------------------------------------- reading

export type ModelDto = ProjectModel;

export type FeedbackDto = ProjectFeedback;

/** A project answer; `userId` only where the caller may see the owner (`includeOwner`). */
export type ProjectDto = Omit<Project, 'userId'> & { userId?: string };

const iso = (v: Date | string) => new Date(v).toISOString();

/** `rows` in the order of `ids` (ids without a row left out). */
function inOrder<R extends { id: string }>(ids: readonly string[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Name and company of each signed-in owner, opened with the user's key. Anonymous uploads and
 * owners whose account is gone (key shredded, row deleted) are absent.
 */
async function ownersOf(deps: AppDeps, userIds: string[]): Promise<Map<string, ProjectOwner>> {
  const ids = [...new Set(userIds)].filter((id) => id !== PUBLIC_USER_ID);
  const out = new Map<string, ProjectOwner>();
  if (ids.length === 0) return out;
  for (const row of await userNameRows(deps.db, ids)) {
    const subject = userSubject(row.id);
    const [name, companyName] = await Promise.all([
      deps.keys.open(subject, 'name', row.name),
      deps.keys.open(subject, 'companyName', row.companyName),
    ]);
    if (name !== null) out.set(row.id, { name, companyName: companyName ?? '' });
  }
  return out;
}

/**
 * Read-model rows of some projects, personal fields opened with each project's key: a user's
 * newest first, or those of `ids` in the order given.
 */
export async function loadProjects(
  deps: AppDeps,
  where: { userId: string } | { ids: string[] },
  opts: { includeOwner: boolean },
): Promise<ProjectDto[]> {
  const rows =
    'userId' in where
      ? await projectsOfUser(deps.db, where.userId)
      : inOrder(where.ids, await projectsByIds(deps.db, where.ids));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [
    models,
    feedback,
    links,
    owners,
    versions,
    approvals,
    linkRows,
    openCounts,
    thumbs,
    mails,
    checklists,
  ] = await Promise.all([
    modelsOfProjects(deps.db, ids),
    feedbackOfProjects(deps.db, ids),
    sealedTokensOf(deps, ids),
    ownersOf(
      deps,
      rows.map((r) => r.userId),
    ),
    versionsOf(deps.db, ids),
    approvalsOf(deps.db, ids),
    linkRowsOf(deps.db, ids),
    openCommentCounts(deps.db, ids),
    latestThumbnails(deps.db, ids),
    undeliveredDoctorMails(
      deps.db,
      ids.map((id) => projectSubject(id)),
    ),
    checklistsOf(deps.db, ids),
  ]);
  const unavailable = await unviewableOriginals(
    deps.blobs,
    models.map((m) => m.blobKey),
  );
  const now = deps.now();
  const out: ProjectDto[] = [];
  for (const row of rows) {
    const subject = projectSubject(row.id);
    const dk = await deps.keys.existingKey(subject);
    // Shredded but its ProjectDeleted not yet projected: treat as gone.
    if (!dk) continue;
    const open = openingOnce((field, sealed) => openWith(dk.key, subject, field, sealed));
    const link = links.find((l) => l.projectId === row.id);
    const token = link ? open(LINK_FIELD, link.tokenSealed) : null;
    const ofProject = versions.filter((v) => v.projectId === row.id);
    const versionList = versionAnswers(ofProject, open);
    const mailNotDelivered = mails.get(subject);
    out.push({
      id: row.id,
      name: open('name', row.name),
      patientName: open('patientName', row.patientName),
      laboratoryName: open('laboratoryName', row.laboratoryName),
      comment: row.comment ? open('comment', row.comment) : null,
      status: row.status as Project['status'],
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      ...(opts.includeOwner ? { userId: row.userId } : {}),
      publicToken: token,
      publicLink: token ? publicLinkFor(deps, token) : null,
      models: models
        .filter((m) => m.projectId === row.id)
        .map((m) => ({
          ...modelAnswer(m, open),
          ...(unavailable.has(m.blobKey) ? { viewUnavailable: true as const } : {}),
        })),
      feedback: feedback
        .filter((f) => f.projectId === row.id)
        .map((f) => ({
          id: f.id,
          type: f.type as FeedbackDto['type'],
          message: open('message', f.message),
          createdAt: iso(f.createdAt),
          readAt: f.readAt ? iso(f.readAt) : null,
        })),
      fileCount: row.fileCount,
      // Exact, from the sizes opened for the versions; the row's sum is rounded up per file to
      // whole MiB (a version not projected yet: that sum).
      storageBytes: versionList.length > 0 ? storedBytes(versionList) : Number(row.storageBytes),
      unreadCount: row.unreadCount,
      openComments: openCounts.get(row.id) ?? 0,
      user: owners.get(row.userId) ?? null,
      versions: versionList,
      approval: approvalAnswer(approvals.get(row.id), ofProject, open),
      checklist: checklists.get(row.id) ?? [],
      link: linkSummaryOf(linkRows.get(row.id) ?? null, token, now),
      ...(mailNotDelivered ? { mailNotDelivered } : {}),
      lastActivityAt: iso(row.lastActivityAt),
      needsAnswer: needsAnswer(row.status, row.unreadCount),
      thumbnailUrl: thumbnailUrlOf(row.id, thumbs.get(row.id)),
    });
  }
  return out;
}

export async function projectOwner(deps: AppDeps, projectId: string): Promise<string | null> {
  return projectOwnerId(deps.db, projectId);
}
