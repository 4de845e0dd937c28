import type { AppDeps } from '../deps.js';
import {
  evolve,
  initialState,
  projectStream,
  ProjectRuleError,
  type ProjectEvent,
  type ProjectState,
} from '../domain/project.js';
import {
  decideLink,
  evolveLink,
  initialLinkState,
  isLinkEvent,
  type LinkCommand,
  type LinkEvent,
  type LinkState,
} from '../domain/projectLink.js';
import { handleCommand, type CommandContext, type Decider } from '../commands/handleCommand.js';
import { commandPorts } from '../commands/ports.js';

interface ProjectWithLink {
  project: ProjectState;
  link: LinkState;
}

/** The link decider on the project stream: the project must be live, then the link decides. */
export const projectLinkDecider: Decider<LinkCommand, ProjectEvent, ProjectWithLink> = {
  initialState: () => ({ project: initialState(), link: initialLinkState() }),
  evolve: (s, e) => ({
    project: evolve(s.project, e),
    link: isLinkEvent(e) ? evolveLink(s.link, e) : s.link,
  }),
  decide: (command, s): LinkEvent[] => {
    if (s.project.status !== 'active') {
      throw new ProjectRuleError('project_not_found', 'Project not found');
    }
    return decideLink(command, s.link);
  },
};

/** One link command on a project's stream through the command handler. */
export async function runLinkCommand(
  deps: Pick<AppDeps, 'store' | 'projections' | 'now' | 'answers'>,
  projectId: string,
  command: LinkCommand,
  context: CommandContext,
): Promise<ProjectEvent[]> {
  const r = await handleCommand(commandPorts(deps), {
    stream: projectStream(projectId),
    decider: projectLinkDecider,
    command,
    context,
  });
  return r.events;
}
