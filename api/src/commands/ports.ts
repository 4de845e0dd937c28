import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import { projectIdOfStream } from '../domain/project.js';
import type { CommandPorts } from './handleCommand.js';

/** The command handler's ports, taken from the app's adapters. */
export function commandPorts(
  deps: Pick<AppDeps, 'store' | 'projections' | 'now' | 'answers'>,
): CommandPorts {
  return {
    store: deps.store,
    projections: deps.projections,
    now: deps.now,
    newId: randomUUID,
    // This process answers its own writer at once; other processes follow the checkpoints.
    onApplied: (stream) => {
      const projectId = projectIdOfStream(stream);
      if (projectId) deps.answers.invalidateProject(projectId);
    },
  };
}
