import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import type { CommandPorts } from './handleCommand.js';

/** The command handler's ports, taken from the app's adapters. */
export function commandPorts(deps: Pick<AppDeps, 'store' | 'projections' | 'now'>): CommandPorts {
  return { store: deps.store, projections: deps.projections, now: deps.now, newId: randomUUID };
}
