import type { AppDeps } from '../deps.js';
import { projectSubject, type ProjectVersionAdded } from '../domain/project.js';
import { buildThumbnailLater } from '../mesh/thumbnailStore.js';
import type { StoredFile } from './createProject.js';
import type { CommandContext } from './handleCommand.js';
import { sealModels, type NewModel } from './models.js';
import { runProjectCommand } from './projectCommand.js';
import { notifyNewVersion } from './versionMails.js';

export interface NewVersion {
  projectId: string;
  /** The owner's note on the version, clear. */
  note: string;
  /** Ids of the latest version's models that stay. */
  keep: string[];
  /** The new models, their files stored before this step. */
  added: NewModel[];
  files: StoredFile[];
}

/** The version recorded, and how many doctors were mailed about it. */
export interface AddedVersion {
  version: number;
  doctorsNotified: number;
}

/**
 * A new version of a project, once its files are stored: the note and the new models' names
 * sealed, `ProjectVersionAdded` through the command handler (after an approval or a change
 * request also back to `pending_review`), the doctors' mails (`versionMails.ts`), then the
 * thumbnail later.
 */
export async function addProjectVersion(
  deps: AppDeps,
  input: NewVersion,
  ctx: CommandContext,
): Promise<AddedVersion> {
  const { projectId, keep } = input;
  const subject = projectSubject(projectId);
  const added = await sealModels(deps, subject, input.added);
  const note = await deps.keys.seal(subject, 'versionNote', input.note);
  const r = await runProjectCommand(
    deps,
    projectId,
    {
      type: 'AddProjectVersion',
      data: { projectId, keep, added, note, now: deps.now().toISOString() },
    },
    ctx,
  );
  const event = r.events.find((e): e is ProjectVersionAdded => e.type === 'ProjectVersionAdded')!;
  deps.log.info({ projectId, files: input.files.length }, 'project version added');
  const { version, models } = event.data;
  if (deps.config.VIEW_PREBUILD) {
    void buildThumbnailLater(
      deps,
      projectId,
      version,
      models.map((m) => m.blobKey),
    );
  }
  const doctorsNotified = await notifyNewVersion(deps, projectId, version, input.note);
  return { version, doctorsNotified };
}
