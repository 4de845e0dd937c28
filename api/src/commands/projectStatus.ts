import type { AppDeps } from '../deps.js';
import type { ProjectStatus } from '../domain/project.js';
import type { CommandContext } from './handleCommand.js';
import { runProjectCommand } from './projectCommand.js';

/** The owner sets the project's status (the decider says which changes are allowed). */
export async function changeProjectStatus(
  deps: AppDeps,
  input: { projectId: string; status: ProjectStatus },
  ctx: CommandContext,
): Promise<void> {
  const { projectId, status } = input;
  await runProjectCommand(
    deps,
    projectId,
    { type: 'ChangeProjectStatus', data: { projectId, status, now: deps.now().toISOString() } },
    ctx,
  );
}
