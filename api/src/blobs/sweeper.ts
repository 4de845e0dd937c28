import type { Logger } from 'pino';
import type { ProjectEvent } from '../domain/project.js';
import { projectStream } from '../domain/project.js';
import type { EventStore } from '../store/eventStore.js';
import {
  coarseViewBlobKey,
  thumbnailBlobKey,
  unavailableViewBlobKey,
  uploadedBlobKey,
  viewBlobKey,
  type BlobStore,
} from './blobStore.js';

export interface SweepOptions {
  blobs: BlobStore;
  store: EventStore;
  /** Blobs younger than this are left alone: their request may still be about to append. */
  graceMs: number;
  now: () => Date;
  log?: Logger;
}

export interface SweepReport {
  scanned: number;
  removed: string[];
  tempRemoved: number;
}

/**
 * Removes blobs that no event references: the leftovers of a crash between
 * "blob written" and "event appended", of a failed request, or of a project deleted while a
 * delete of its files failed. The event stream of the project is the truth, not a read model.
 */
export async function sweepOrphanBlobs(opts: SweepOptions): Promise<SweepReport> {
  const cutoff = new Date(opts.now().getTime() - opts.graceMs);
  const byProject = new Map<string, { key: string; modifiedAt: Date }[]>();
  let scanned = 0;
  for await (const b of opts.blobs.list('projects')) {
    scanned++;
    const [, projectId] = b.key.split('/');
    if (!projectId) continue;
    let list = byProject.get(projectId);
    if (!list) byProject.set(projectId, (list = []));
    list.push(b);
  }
  const removed: string[] = [];
  for (const [projectId, blobs] of byProject) {
    const old = blobs.filter((b) => b.modifiedAt <= cutoff);
    if (old.length === 0) continue;
    const referenced = new Set<string>();
    const events = await opts.store.readStream(projectStream(projectId));
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as ProjectEvent;
      // Every version's models (as stored and as uploaded), the first upload's and each later
      // one's, and each version's thumbnail: their blobs stay.
      if (ev.type === 'ProjectCreated' || ev.type === 'ProjectVersionAdded') {
        for (const m of ev.data.models)
          referenced
            .add(m.blobKey)
            .add(uploadedBlobKey(m.blobKey))
            .add(viewBlobKey(m.blobKey))
            .add(coarseViewBlobKey(m.blobKey))
            .add(unavailableViewBlobKey(m.blobKey));
        referenced.add(
          thumbnailBlobKey(projectId, ev.type === 'ProjectCreated' ? 1 : ev.data.version),
        );
      }
      if (ev.type === 'ProjectDeleted') referenced.clear();
    }
    for (const b of old) {
      if (referenced.has(b.key)) continue;
      await opts.blobs.delete(b.key);
      removed.push(b.key);
    }
  }
  const tempRemoved = await opts.blobs.sweepTemp(cutoff);
  if (removed.length || tempRemoved) {
    opts.log?.info({ removed: removed.length, tempRemoved }, 'orphan blobs swept');
  }
  return { scanned, removed, tempRemoved };
}

/**
 * Runs the sweeper once right away (a restart after a crash cleans up at once) and then every
 * `intervalMs`, until the returned stop function is called.
 */
export function startBlobSweeper(opts: SweepOptions & { intervalMs: number }): () => void {
  let running = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = true;
    sweepOrphanBlobs(opts)
      .catch((err: unknown) => opts.log?.warn({ err }, 'blob sweep failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, 0);
  first.unref();
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
