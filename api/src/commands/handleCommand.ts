import type { ProjectionsHandle } from '../store/projectionsHandle.js';
import {
  WrongExpectedVersion,
  type EventMetadata,
  type EventStore,
  type Position,
} from '../store/eventStore.js';

/** The narrow ports a command needs: nothing else of the app reaches the handler. */
export interface CommandPorts {
  store: Pick<EventStore, 'readStream' | 'append'>;
  projections: Pick<ProjectionsHandle, 'waitFor'>;
  now: () => Date;
  newId: () => string;
  /** Told once the read models hold an append to `stream` (this process drops stale answers). */
  onApplied?: (stream: string) => void;
  /** Jitter of the waits between conflicting attempts, in [0, 1) (default Math.random). */
  random?: () => number;
}

/** A pure aggregate: `decide` throws its own rule errors, which pass through unchanged. */
export interface Decider<Command, Event extends DomainEvent, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

export interface DomainEvent {
  type: string;
  data: unknown;
}

/** Who asks, recorded in every event's metadata (never personal data). */
export interface CommandContext {
  actor: string;
  requestId?: string;
  idempotencyKey?: string;
}

export interface HandleCommandOptions<Command, Event extends DomainEvent, State> {
  stream: string;
  decider: Decider<Command, Event, State>;
  /** Built from the state just folded, so a retry decides on fresh state. */
  command: Command | ((state: State) => Command);
  context: CommandContext;
  /** The actor recorded for one event, when it is not the context's (e.g. `system`). */
  actorOf?: (event: Event, actor: string) => string;
  /**
   * How long a command keeps retrying after concurrent writes to its stream (default
   * CONFLICT_BUDGET_MS). Each retry decides on the fresh state, so rule errors still come out.
   */
  conflictBudgetMs?: number;
  /** Wait for the read models to apply the append (default true). */
  awaitProjections?: boolean;
  projectionsTimeoutMs?: number;
}

export interface HandleCommandResult<Event, State> {
  /** The state the command was decided on. */
  state: State;
  /** The state after the new events. */
  newState: State;
  events: Event[];
  /** Position of the last appended event; undefined when nothing was appended. */
  position: Position | undefined;
}

export const PROJECTIONS_TIMEOUT_MS = 2_000;
/** Retrying conflicts this long keeps 50 writers on one stream from ever being refused. */
export const CONFLICT_BUDGET_MS = 10_000;
const CONFLICT_BACKOFF_BASE_MS = 2;
const CONFLICT_BACKOFF_CAP_MS = 100;

/**
 * Full jitter: a random wait up to an exponentially growing cap, so writers that lost the same
 * race do not all come back together and lose it again.
 */
export function conflictBackoffMs(attempt: number, random: () => number): number {
  const cap = Math.min(CONFLICT_BACKOFF_CAP_MS, CONFLICT_BACKOFF_BASE_MS * 2 ** attempt);
  return Math.floor(random() * cap);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Folds a stream into its state and the revision to append after. */
export async function loadAggregate<Command, Event extends DomainEvent, State>(
  ports: Pick<CommandPorts, 'store'>,
  stream: string,
  decider: Decider<Command, Event, State>,
): Promise<{ state: State; version: bigint | 'no_stream' }> {
  const recorded = await ports.store.readStream(stream);
  let state = decider.initialState();
  for (const e of recorded) state = decider.evolve(state, { type: e.type, data: e.data } as Event);
  const last = recorded[recorded.length - 1];
  return { state, version: last ? last.revision : 'no_stream' };
}

/**
 * The one write path: load (fold the stream), decide, append with the expected version, then
 * wait for the read models (read-your-writes). A concurrent write to the stream is not an
 * answer: the command is decided again on the fresh state after a jittered wait, until the
 * conflict budget runs out (with only two tries, comments were refused under load). Rule
 * errors of `decide` and a `WrongExpectedVersion` past the budget reach the caller unchanged;
 * the HTTP error handler is the one place that turns them into answers.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  ports: CommandPorts,
  opts: HandleCommandOptions<Command, Event, State>,
): Promise<HandleCommandResult<Event, State>> {
  // The process's own monotonic clock: `ports.now` may be a test's frozen clock.
  const deadline = performance.now() + (opts.conflictBudgetMs ?? CONFLICT_BUDGET_MS);
  const random = ports.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await loadAggregate(ports, opts.stream, opts.decider);
    const command =
      typeof opts.command === 'function'
        ? (opts.command as (s: State) => Command)(state)
        : opts.command;
    const events = opts.decider.decide(command, state);
    if (events.length === 0) return { state, newState: state, events, position: undefined };
    const base = metadataOf(opts.context, ports.now());
    let position: Position;
    try {
      const r = await ports.store.append(
        opts.stream,
        events.map((e) => ({
          id: ports.newId(),
          type: e.type,
          data: e.data,
          metadata: opts.actorOf ? { ...base, actor: opts.actorOf(e, base.actor) } : base,
        })),
        { expectedVersion: version },
      );
      position = r.position;
    } catch (err) {
      if (!(err instanceof WrongExpectedVersion)) throw err;
      const wait = conflictBackoffMs(attempt, random);
      if (performance.now() + wait >= deadline) throw err;
      await sleep(wait);
      continue;
    }
    if (opts.awaitProjections ?? true) {
      await ports.projections.waitFor(
        position,
        opts.projectionsTimeoutMs ?? PROJECTIONS_TIMEOUT_MS,
      );
    }
    ports.onApplied?.(opts.stream);
    return { state, newState: events.reduce(opts.decider.evolve, state), events, position };
  }
}

function metadataOf(ctx: CommandContext, at: Date): EventMetadata {
  return {
    actor: ctx.actor,
    at: at.toISOString(),
    ...(ctx.requestId ? { requestId: ctx.requestId } : {}),
    ...(ctx.idempotencyKey ? { idempotencyKey: ctx.idempotencyKey } : {}),
  };
}
