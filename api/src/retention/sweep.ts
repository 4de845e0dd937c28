import type { AppDeps } from '../deps.js';
import {
  PUBLIC_USER_ID,
  foldProject,
  projectStream,
  type ProjectCreated,
  type ProjectEvent,
} from '../domain/project.js';
import { projectIdsCreatedBy } from '../../../projections/src/projects/queries.js';
import { deleteProject, isProjectGone } from '../commands/deleteProject.js';

/** Anonymous (quick upload) projects are deleted this long after creation. */
export const PUBLIC_PROJECT_RETENTION_DAYS = 365;
const DAY_MS = 24 * 60 * 60_000;

/** Projects created at or before this instant are due. */
export const retentionCutoff = (now: Date): Date =>
  new Date(now.getTime() - PUBLIC_PROJECT_RETENTION_DAYS * DAY_MS);

const creationOf = (events: readonly ProjectEvent[]): ProjectCreated | undefined =>
  events.find((e): e is ProjectCreated => e.type === 'ProjectCreated');

/**
 * The event stream decides, not the read model: due only while the project is live, anonymous
 * and created at or before the cutoff.
 */
export function dueForRetention(events: readonly ProjectEvent[], cutoff: Date): boolean {
  const state = foldProject(events);
  const created = creationOf(events);
  return (
    state.status === 'active' &&
    state.userId === PUBLIC_USER_ID &&
    created !== undefined &&
    Date.parse(created.data.createdAt) <= cutoff.getTime()
  );
}

export interface DueProject {
  projectId: string;
  createdAt: string;
}

export interface RetentionReport {
  cutoff: Date;
  /** Oldest first. A dry run stops here. */
  due: DueProject[];
  deleted: string[];
  /** Gone meanwhile: deleted by its owner, an admin or another process's sweep. */
  skipped: string[];
  failed: string[];
}

/** Anonymous projects created at or before `cutoff` and still live, oldest first. */
export async function findDuePublicProjects(deps: AppDeps, cutoff: Date): Promise<DueProject[]> {
  // The read model narrows the search (index on user_id, created_at); each hit is confirmed on
  // its stream before anything is destroyed.
  const ids = await projectIdsCreatedBy(deps.db, PUBLIC_USER_ID, cutoff);
  const due: DueProject[] = [];
  for (const id of ids) {
    const events = (await deps.store.readStream(projectStream(id))).map(
      (e) => ({ type: e.type, data: e.data }) as ProjectEvent,
    );
    if (!dueForRetention(events, cutoff)) continue;
    due.push({ projectId: id, createdAt: creationOf(events)!.data.createdAt });
  }
  return due;
}

export interface SweepOptions {
  /** List what is due and change nothing. */
  dryRun?: boolean;
  /** Checked between projects: a stopping process finishes the project in hand, then returns. */
  shouldStop?: () => boolean;
}

/**
 * Deletes the anonymous projects older than the retention period, each through the same
 * `deleteProject` as an owner's or admin's delete (key destroyed, link, files and read-model
 * rows gone, `ProjectDeleted` without personal data), with actor `system`. Safe to run in
 * several processes at once: a project deleted meanwhile is skipped.
 */
export async function sweepExpiredPublicProjects(
  deps: AppDeps,
  opts: SweepOptions = {},
): Promise<RetentionReport> {
  const cutoff = retentionCutoff(deps.now());
  const due = await findDuePublicProjects(deps, cutoff);
  const report: RetentionReport = { cutoff, due, deleted: [], skipped: [], failed: [] };
  if (opts.dryRun) return report;
  for (const { projectId } of due) {
    if (opts.shouldStop?.()) break;
    try {
      await deleteProject(deps, projectId, 'retention', { actor: 'system' });
      report.deleted.push(projectId);
    } catch (err) {
      if (isProjectGone(err)) {
        report.skipped.push(projectId);
      } else {
        report.failed.push(projectId);
        deps.log.warn({ err, projectId }, 'retention: project deletion failed');
      }
    }
  }
  if (due.length > 0) {
    deps.log.info(
      {
        cutoff: cutoff.toISOString(),
        deleted: report.deleted.length,
        skipped: report.skipped.length,
        failed: report.failed.length,
      },
      'retention sweep done',
    );
  }
  return report;
}

/**
 * Sweeps once right away (a server that was down on the day catches up at start-up), then every
 * `intervalMs` (a day). The returned stop function lets a sweep in progress finish its current
 * project before it resolves.
 */
export function startRetentionSweeper(
  deps: AppDeps,
  intervalMs: number = DAY_MS,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = sweepExpiredPublicProjects(deps, { shouldStop: () => stopped })
      .then(
        () => {},
        (err: unknown) => deps.log.warn({ err }, 'retention sweep failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, 0);
  first.unref();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
