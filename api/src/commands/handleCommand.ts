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
  /** Attempts before a version conflict is given up (default 2: one retry). */
  maxAttempts?: number;
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
 * The one write path: load (fold the stream), decide, append with the expected version, retry
 * on a concurrent write (bounded), then wait for the read models (read-your-writes). Rule errors
 * of `decide` and the final `WrongExpectedVersion` reach the caller unchanged; the HTTP error
 * handler is the one place that turns them into answers.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  ports: CommandPorts,
  opts: HandleCommandOptions<Command, Event, State>,
): Promise<HandleCommandResult<Event, State>> {
  const maxAttempts = opts.maxAttempts ?? 2;
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
      if (err instanceof WrongExpectedVersion && attempt < maxAttempts) continue;
      throw err;
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
