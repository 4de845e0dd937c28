import type { AppDeps } from '../deps.js';
import {
  evolve,
  initialState,
  projectStream,
  projectSubject,
  ProjectRuleError,
  type ProjectEvent,
  type ProjectState,
} from '../domain/project.js';
import {
  decideLink,
  evolveLink,
  initialLinkState,
  isLinkEvent,
  type DeviceClass,
  type LinkCommand,
  type LinkEvent,
  type LinkState,
} from '../domain/projectLink.js';
import {
  hashPublicToken,
  LINK_FIELD,
  newPublicToken,
  updateLinkRow,
} from '../links/projectLinks.js';
import { handleCommand, type CommandContext, type Decider } from './handleCommand.js';
import { commandPorts } from './ports.js';
import { ensurePublicToken } from './publicLink.js';
import { sendToDoctor } from './sendToDoctor.js';

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

type Deps = Pick<AppDeps, 'store' | 'projections' | 'now' | 'answers'>;

/** One link command on a project's stream through the command handler. */
export async function runLinkCommand(
  deps: Deps,
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

/**
 * Expiry (null: never), PIN (undefined: keep, null: clear) and whether the doctor may download
 * the files (undefined: keep) of the link; answers its token.
 */
export async function changeLinkSettings(
  deps: AppDeps,
  input: {
    projectId: string;
    expiresAt: string | null;
    pin: string | null | undefined;
    downloadsAllowed: boolean | undefined;
  },
  ctx: CommandContext,
): Promise<string> {
  const { projectId, expiresAt, pin, downloadsAllowed } = input;
  const now = deps.now().toISOString();
  const token = await ensurePublicToken(deps, projectId);
  const pinHash =
    typeof pin === 'string'
      ? await deps.keys.seal(
          projectSubject(projectId),
          'linkPin',
          await deps.links.hasher.hash(pin),
        )
      : pin;
  await runLinkCommand(
    deps,
    projectId,
    {
      type: 'ChangeLinkSettings',
      data: { projectId, expiresAt, pinHash, downloadsAllowed, now },
    },
    ctx,
  );
  return token;
}

/** Withdraws the link's current token; answers it. */
export async function revokeLink(
  deps: AppDeps,
  projectId: string,
  ctx: CommandContext,
): Promise<string> {
  const token = await ensurePublicToken(deps, projectId);
  await runLinkCommand(
    deps,
    projectId,
    {
      type: 'RevokeLink',
      data: {
        projectId,
        tokenHash: hashPublicToken(token).toString('hex'),
        now: deps.now().toISOString(),
      },
    },
    ctx,
  );
  return token;
}

/**
 * Gives the link a new token (the old one is refused from the event on) and, with `doctorEmail`
 * (canonical), sends the new link to that doctor. Answers the new token.
 */
export async function rotateLink(
  deps: AppDeps,
  input: { projectId: string; ownerId: string; doctorEmail?: string | undefined },
  ctx: CommandContext,
): Promise<string> {
  const { projectId, ownerId, doctorEmail } = input;
  const previous = await ensurePublicToken(deps, projectId);
  const token = newPublicToken();
  // The event first: should the row update not follow, the old token is already refused.
  await runLinkCommand(
    deps,
    projectId,
    {
      type: 'RotateLink',
      data: {
        projectId,
        previousTokenHash: hashPublicToken(previous).toString('hex'),
        tokenHash: hashPublicToken(token).toString('hex'),
        now: deps.now().toISOString(),
      },
    },
    ctx,
  );
  const sealed = await deps.keys.seal(projectSubject(projectId), LINK_FIELD, token);
  await updateLinkRow(deps, projectId, token, sealed);
  // The owner's answer names the link: the swap must show at once.
  deps.answers.invalidateProject(projectId);
  if (doctorEmail !== undefined) {
    await sendToDoctor(deps, { projectId, ownerId, to: doctorEmail }, ctx);
  }
  return token;
}

/**
 * Records that wrong PINs locked the link until `lockedUntil`. The lock itself is the PIN
 * guard's; a failure to record it is logged, never the doctor's answer.
 */
export async function recordPinLock(
  deps: AppDeps,
  input: { projectId: string; lockedUntil: Date; now: Date },
  ctx: CommandContext,
): Promise<void> {
  const { projectId, lockedUntil, now } = input;
  await runLinkCommand(
    deps,
    projectId,
    {
      type: 'LockLinkPin',
      data: { projectId, lockedUntil: lockedUntil.toISOString(), now: now.toISOString() },
    },
    ctx,
  ).catch((err: unknown) => deps.log.warn({ err }, 'link lock not recorded'));
}

/** One opening of the link in the view log (a per-day keyed hash of the browser, its kind). */
export async function recordLinkOpening(
  deps: AppDeps,
  input: { projectId: string; viewerKey: string; device: DeviceClass; browser: string },
  ctx: CommandContext,
): Promise<void> {
  await runLinkCommand(
    deps,
    input.projectId,
    { type: 'RecordLinkOpening', data: { ...input, now: deps.now().toISOString() } },
    ctx,
  );
}

/**
 * Records a download of the files as uploaded through the link (one model, or the whole version
 * when `modelId` is null). Refused when the owner does not allow downloads: the stream, not the
 * read model, has the last word.
 */
export async function recordLinkDownload(
  deps: AppDeps,
  input: { projectId: string; version: number; modelId: string | null },
  ctx: CommandContext,
): Promise<void> {
  await runLinkCommand(
    deps,
    input.projectId,
    { type: 'RecordLinkDownload', data: { ...input, now: deps.now().toISOString() } },
    ctx,
  );
}
