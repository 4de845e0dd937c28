import type { Logger } from 'pino';
import type { ProjectionsHandle } from '../deps.js';
import { projectIdOfStream } from '../domain/project.js';
import type { EventStore, Position } from '../store/eventStore.js';
import type { PreparedAnswers } from './preparedAnswers.js';

export interface AnswerInvalidationOptions {
  store: EventStore;
  projections: Pick<ProjectionsHandle, 'appliedPosition'>;
  answers: PreparedAnswers;
  log: Logger;
  /** How often the checkpoints are read: the bound on how stale another process's write is. */
  intervalMs: number;
}

/**
 * Drops prepared answers of every project with an event the read models have applied, in any
 * process: it follows the projections' checkpoints (not the head of the store), so an answer
 * built after a drop already reflects the event that caused it. Returns `stop`.
 */
export function startAnswerInvalidation(opts: AnswerInvalidationOptions): () => Promise<void> {
  const { store, projections, answers, log } = opts;
  let seen: Position | undefined;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function tick(): Promise<void> {
    const applied = await projections.appliedPosition();
    if (!applied) return;
    if (!started) {
      // Start from what the read models hold now; what was cached before may predate it.
      answers.clear();
      seen = applied;
      started = true;
      return;
    }
    if (seen && store.comparePositions(applied, seen) < 0) {
      // The checkpoints moved back (a rebuild): start over.
      answers.clear();
      seen = applied;
      return;
    }
    while (!stopped && (!seen || store.comparePositions(seen, applied) < 0)) {
      const page = await store.readAll({ after: seen, maxCount: 1000 });
      if (page.events.length === 0) break;
      for (const e of page.events) {
        if (store.comparePositions(e.position, applied) > 0) return;
        const project = projectIdOfStream(e.stream);
        if (project) answers.invalidateProject(project);
        seen = e.position;
      }
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((err: unknown) => {
          // A missed tick must not leave stale answers behind: drop them all and go on.
          answers.clear();
          log.warn({ err }, 'prepared answers: invalidation tick failed; cache cleared');
        })
        .finally(schedule);
    }, opts.intervalMs);
    timer.unref();
  }
  schedule();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
