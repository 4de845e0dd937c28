import { projectBlobPrefix } from '../blobs/blobStore.js';
import { deleteThumbnailRows } from '../mesh/thumbnailStore.js';
import type { AppDeps } from '../deps.js';
import { projectSubject, ProjectRuleError, type ProjectDeleted } from '../domain/project.js';
import { deletePublicLink } from '../links/projectLinks.js';
import type { CommandContext } from './handleCommand.js';
import { loadProject, runProjectCommand } from './projectCommand.js';

export type DeleteReason = ProjectDeleted['data']['reason'];

/** The project is not there (never was, or deleted meanwhile): a delete has nothing to do. */
export const isProjectGone = (err: unknown): boolean =>
  err instanceof ProjectRuleError && err.code === 'project_not_found';

/**
 * Deletes a project by crypto-shredding: the data key goes first — recorded as
 * shredded, then its keyring bucket rotated, so no copy of the wrapped key the database ever
 * wrote opens any more (from then on every sealed field, the link and every file are unreadable,
 * even with full database and disk access) — then the link row, the blobs and the local copies of
 * its sent mails, then `ProjectDeleted` (no personal data) is appended, which removes the
 * read-model rows. A crash part-way leaves the project unreadable; a retry, or the keyring's
 * upkeep for the key, finishes the job. The one deletion path: owner, admin, user cascade and
 * retention all come here.
 */
export async function deleteProject(
  deps: AppDeps,
  projectId: string,
  reason: DeleteReason,
  ctx: CommandContext,
): Promise<void> {
  const { state } = await loadProject(deps, projectId);
  if (state.status !== 'active')
    throw new ProjectRuleError('project_not_found', 'Project not found');
  const subject = projectSubject(projectId);
  await deps.keys.destroy(subject);
  // Prepared answers hold opened fields: they go with the key.
  deps.answers.invalidateProject(projectId);
  // Wrong-PIN counters of its tokens (current and rotated away) go with the link.
  await deps.db.query(
    `DELETE FROM link_pin_failures WHERE token_hash IN (
       SELECT token_hash FROM project_links WHERE project_id = $1
       UNION SELECT token_hash FROM project_link_retired_tokens WHERE project_id = $1)`,
    [projectId],
  );
  await deletePublicLink(deps, projectId);
  await deleteThumbnailRows(deps.db, projectId);
  await deps.commentMails.forgetProject(projectId);
  await deps.blobs.deletePrefix(projectBlobPrefix(projectId));
  await deps.outbox.forget(subject);
  await runProjectCommand(
    deps,
    projectId,
    { type: 'DeleteProject', data: { projectId, reason, now: deps.now().toISOString() } },
    ctx,
  );
  deps.log.info({ projectId, reason }, 'project deleted');
}
