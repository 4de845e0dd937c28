import type { AppDeps } from '../deps.js';
import {
  userDecider,
  userStream,
  type UserCommand,
  type UserEvent,
  type UserState,
} from '../domain/user.js';
import type { Position } from '../store/eventStore.js';
import { handleCommand, loadAggregate, type CommandContext } from './handleCommand.js';
import { commandPorts } from './ports.js';

type Deps = Pick<AppDeps, 'store' | 'projections' | 'now' | 'answers'>;

/** What the account mail use cases (verification, password reset) take from the app. */
export type AccountMailDeps = Pick<
  AppDeps,
  | 'accounts'
  | 'afterAnswer'
  | 'config'
  | 'db'
  | 'keys'
  | 'outbox'
  | 'store'
  | 'projections'
  | 'now'
  | 'answers'
  | 'log'
>;

/**
 * Who an event is recorded as done by: the request's actor, except a role that ADMIN_EMAILS grants,
 * which is the configuration's doing (`system`), whoever's request happened to apply it.
 */
function actorOf(event: UserEvent, requestActor: string): string {
  return event.type === 'RoleGranted' && event.data.reason === 'admin_emails'
    ? 'system'
    : requestActor;
}

/** A user's state folded from its stream, and the revision to append after. */
export const loadUser = (
  deps: Pick<AppDeps, 'store'>,
  userId: string,
): Promise<{ state: UserState; version: bigint | 'no_stream' }> =>
  loadAggregate(deps, userStream(userId), userDecider);

/**
 * One command on a user's stream through the command handler. The read models are not awaited
 * here: callers that answer from them `settle` the returned position. The new state comes back.
 */
export async function runUserCommand(
  deps: Deps,
  userId: string,
  command: UserCommand,
  actor: string,
  ctx?: Partial<Omit<CommandContext, 'actor'>>,
): Promise<{ state: UserState; position: Position | undefined }> {
  const r = await handleCommand(commandPorts(deps), {
    stream: userStream(userId),
    decider: userDecider,
    command,
    context: { actor, ...(ctx?.requestId ? { requestId: ctx.requestId } : {}) },
    actorOf,
    awaitProjections: false,
  });
  return { state: r.newState, position: r.position };
}

/** Waits for the read models to hold an append (when there was one). */
export async function settle(
  deps: Pick<AppDeps, 'projections'>,
  position: Position | undefined,
): Promise<void> {
  if (position) await deps.projections.waitFor(position, 2_000);
}

/** An absolute link for an account mail, from PUBLIC_BASE_URL only (never the Host header). */
export const accountLink = (deps: Pick<AppDeps, 'config'>, path: string): string =>
  `${deps.config.publicBaseUrl}${path}`;

/** The account use cases log as the `accounts` component. */
export const accountLog = (deps: Pick<AppDeps, 'log'>) => deps.log.child({ component: 'accounts' });
