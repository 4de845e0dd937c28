import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import { foldProject, projectStream, type ProjectEvent } from '../domain/project.js';
import {
  decideLink,
  foldLink,
  LinkRuleError,
  type LinkCommand,
  type LinkEvent,
} from '../domain/projectLink.js';
import { AppError, Conflict, NotFound } from '../errors.js';
import { WrongExpectedVersion } from '../store/eventStore.js';
import { metadata, type CommandContext } from '../routes/projectService.js';
import { LINK_REVOKED_MESSAGE } from './access.js';

function ruleToHttp(err: unknown): never {
  if (err instanceof LinkRuleError) {
    if (err.code === 'link_revoked') throw new AppError(410, 'link_revoked', LINK_REVOKED_MESSAGE);
    throw new AppError(400, err.code, err.message);
  }
  throw err;
}

/**
 * Runs one link command on a live project's stream: fold, decide, append with the expected
 * version, wait for the read models. One retry on a concurrent write, then 409.
 */
export async function runLinkCommand(
  deps: AppDeps,
  projectId: string,
  command: LinkCommand,
  ctx: CommandContext,
): Promise<LinkEvent[]> {
  for (let attempt = 0; ; attempt++) {
    const recorded = await deps.store.readStream(projectStream(projectId));
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as ProjectEvent);
    if (foldProject(events).status !== 'active') throw new NotFound('Project not found');
    let decided: LinkEvent[];
    try {
      decided = decideLink(command, foldLink(events));
    } catch (err) {
      ruleToHttp(err);
    }
    if (decided.length === 0) return decided;
    const last = recorded[recorded.length - 1];
    try {
      const meta = metadata(deps, ctx);
      const r = await deps.store.append(
        projectStream(projectId),
        decided.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: meta })),
        { expectedVersion: last ? last.revision : 'no_stream' },
      );
      await deps.projections.waitFor(r.position, 2000);
      // This process answers its own writer at once; others follow the checkpoints.
      deps.answers.invalidateProject(projectId);
      return decided;
    } catch (err) {
      if (err instanceof WrongExpectedVersion && attempt === 0) continue;
      if (err instanceof WrongExpectedVersion) {
        throw new Conflict('The project was changed at the same time; please retry');
      }
      throw err;
    }
  }
}
