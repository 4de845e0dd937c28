import type { AppDeps } from '../deps.js';
import {
  projectDecider,
  projectStream,
  type ProjectCommand,
  type ProjectEvent,
  type ProjectState,
} from '../domain/project.js';
import {
  handleCommand,
  loadAggregate,
  type CommandContext,
  type HandleCommandResult,
} from './handleCommand.js';
import { commandPorts } from './ports.js';

type Deps = Pick<AppDeps, 'store' | 'projections' | 'now' | 'answers'>;

/** A project's state folded from its stream, and the revision to append after. */
export const loadProject = (
  deps: Pick<AppDeps, 'store'>,
  projectId: string,
): Promise<{ state: ProjectState; version: bigint | 'no_stream' }> =>
  loadAggregate(deps, projectStream(projectId), projectDecider);

/** One command on a project's stream through the command handler. */
export const runProjectCommand = (
  deps: Deps,
  projectId: string,
  command: ProjectCommand | ((state: ProjectState) => ProjectCommand),
  context: CommandContext,
): Promise<HandleCommandResult<ProjectEvent, ProjectState>> =>
  handleCommand(commandPorts(deps), {
    stream: projectStream(projectId),
    decider: projectDecider,
    command,
    context,
  });
