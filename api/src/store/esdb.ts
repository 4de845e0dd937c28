import {
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  FORWARDS,
  START,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type EventStoreDBClient,
  type Position as EsdbPosition,
} from '@eventstore/db-client';
import {
  EventStoreUnavailable,
  WrongExpectedVersion,
  type AppendResult,
  type EventFilter,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type SubscriptionItem,
} from './eventStore.js';
import { matchesFilter } from './subscribe.js';

/** "commit:prepare" ↔ ESDB's position. */
export function esdbPosition(p: EsdbPosition): Position {
  return `${p.commit}:${p.prepare}` as Position;
}

export function parseEsdbPosition(p: Position): EsdbPosition {
  const m = /^(\d+):(\d+)$/.exec(p);
  if (!m) throw new TypeError(`not an EventStoreDB position: ${p}`);
  return { commit: BigInt(m[1]!), prepare: BigInt(m[2]!) };
}

export function compareEsdbPositions(a: Position, b: Position): -1 | 0 | 1 {
  const x = parseEsdbPosition(a);
  const y = parseEsdbPosition(b);
  if (x.commit !== y.commit) return x.commit < y.commit ? -1 : 1;
  if (x.prepare !== y.prepare) return x.prepare < y.prepare ? -1 : 1;
  return 0;
}

/** The client's errors for a server it cannot reach (or that did not answer in time) as a 503. */
function mapUnreachable(err: unknown): unknown {
  if (
    err instanceof UnavailableError ||
    err instanceof DeadlineExceededError ||
    err instanceof CancelledError
  ) {
    return new EventStoreUnavailable(`${err.name}: ${err.message}`);
  }
  return err;
}

/** `$`-prefixed streams and types are the server's own (`$all` returns them). */
const isSystem = (stream: string, type: string) => stream.startsWith('$') || type.startsWith('$');

function toRecorded(
  resolved: AllStreamResolvedEvent | { event?: unknown },
): RecordedEvent | undefined {
  const e = resolved.event as
    | {
        streamId: string;
        id: string;
        revision: bigint;
        type: string;
        created: Date;
        data: unknown;
        metadata: unknown;
        position?: EsdbPosition;
      }
    | undefined;
  if (!e || isSystem(e.streamId, e.type)) return undefined;
  if (!e.position)
    throw new Error(
      'EventStoreDB did not return event positions: server 22.6 or later is required',
    );
  return {
    id: e.id,
    type: e.type,
    data: e.data,
    metadata: (e.metadata ?? {}) as EventMetadata,
    stream: e.streamId,
    revision: e.revision,
    position: esdbPosition(e.position),
    createdAt: e.created,
  };
}

/**
 * The EventStoreDB adapter. ESDB orders `$all` by commit, so there is no
 * late-commit gap to guard against. Known differences from the PostgreSQL store: ESDB detects a
 * repeated event id only when the same batch is retried at the same place; it does not refuse an
 * id already used in another stream or a partially repeated batch.
 */
export class EsdbEventStore implements EventStore {
  constructor(private readonly client: EventStoreDBClient) {}

  async append(
    stream: string,
    events: NewEvent[],
    opts: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    const expected = opts.expectedVersion ?? 'any';
    try {
      const r = await this.client.appendToStream(
        stream,
        events.map((e) =>
          jsonEvent({
            id: e.id,
            type: e.type,
            data: e.data as Record<string, unknown>,
            metadata: e.metadata,
          }),
        ),
        // The port's rule names are the client's constants: 'any', 'no_stream', 'stream_exists'.
        { expectedRevision: expected },
      );
      if (!r.position) throw new Error('EventStoreDB did not return the append position');
      return { nextVersion: r.nextExpectedRevision, position: esdbPosition(r.position) };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) {
        const actual = err.actualVersion;
        throw new WrongExpectedVersion(
          stream,
          expected,
          actual === 'no_stream' ? 'no_stream' : BigInt(actual),
        );
      }
      throw mapUnreachable(err);
    }
  }

  async readStream(stream: string, opts: { fromRevision?: bigint } = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, {
        fromRevision: opts.fromRevision ?? START,
        direction: FORWARDS,
      })) {
        const e = resolved.event;
        if (!e) continue;
        out.push({
          id: e.id,
          type: e.type,
          data: e.data,
          metadata: (e.metadata ?? {}) as EventMetadata,
          stream: e.streamId,
          revision: e.revision,
          position: e.position ? esdbPosition(e.position) : ('0:0' as Position),
          createdAt: e.created,
        });
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw mapUnreachable(err);
    }
    return out;
  }

  async readAll(
    opts: { after?: Position; maxCount?: number; filter?: EventFilter } = {},
  ): Promise<{ events: RecordedEvent[]; last: Position | undefined }> {
    const maxCount = opts.maxCount ?? 1000;
    // ESDB starts a read *at* fromPosition; the port reads strictly after it.
    const from = opts.after ? parseEsdbPosition(opts.after) : START;
    const events: RecordedEvent[] = [];
    let last: Position | undefined;
    let scanned = 0;
    try {
      for await (const resolved of this.client.readAll({
        fromPosition: from,
        direction: FORWARDS,
        maxCount: maxCount + (opts.after ? 1 : 0),
      })) {
        const raw = resolved.event;
        if (!raw?.position) continue;
        const pos = esdbPosition(raw.position);
        if (opts.after && compareEsdbPositions(pos, opts.after) <= 0) continue;
        if (scanned >= maxCount) break;
        scanned++;
        last = pos;
        const e = toRecorded(resolved);
        if (e && matchesFilter(e, opts.filter)) events.push(e);
      }
    } catch (err) {
      throw mapUnreachable(err);
    }
    return { events, last };
  }

  async *subscribe(opts: {
    after?: Position;
    filter?: EventFilter;
    signal: AbortSignal;
  }): AsyncGenerator<SubscriptionItem> {
    const sub = this.client.subscribeToAll({
      fromPosition: opts.after ? parseEsdbPosition(opts.after) : START,
      filter: excludeSystemEvents(),
    });
    const queue: (SubscriptionItem | Error | 'end')[] = [];
    let notify: (() => void) | undefined;
    const push = (x: SubscriptionItem | Error | 'end') => {
      queue.push(x);
      notify?.();
    };
    let lastSeen = opts.after;
    sub.on('data', (resolved: AllStreamResolvedEvent) => {
      const e = toRecorded(resolved);
      if (e) push({ kind: 'event', event: e });
    });
    sub.on('caughtUp', () => push({ kind: 'caughtUp', position: undefined }));
    sub.on('error', (err: Error) => push(err));
    sub.on('end', () => push('end'));
    const onAbort = () => push('end');
    opts.signal.addEventListener('abort', onAbort);
    try {
      while (!opts.signal.aborted) {
        const item = queue.shift();
        if (item === undefined) {
          await new Promise<void>((r) => (notify = r));
          notify = undefined;
          continue;
        }
        if (item === 'end') return;
        if (item instanceof Error) throw item;
        if (item.kind === 'event') {
          lastSeen = item.event.position;
          if (!matchesFilter(item.event, opts.filter)) continue;
          yield item;
        } else {
          yield { kind: 'caughtUp', position: lastSeen };
        }
      }
    } finally {
      opts.signal.removeEventListener('abort', onAbort);
      await sub.unsubscribe().catch(() => {});
    }
  }

  /** A live subscription from the end of `$all`: every new (non-system) event is a wake-up. */
  async onAppend(listener: () => void): Promise<() => Promise<void>> {
    const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    sub.on('data', () => listener());
    // A dropped subscription only loses wake-ups; the readers' polling covers them.
    sub.on('error', () => undefined);
    return async () => {
      await sub.unsubscribe().catch(() => undefined);
    };
  }

  async headPosition(): Promise<Position | undefined> {
    try {
      for await (const resolved of this.client.readAll({
        fromPosition: END,
        direction: BACKWARDS,
        maxCount: 1000,
      })) {
        const e = toRecorded(resolved);
        if (e) return e.position;
      }
    } catch (err) {
      throw mapUnreachable(err);
    }
    return undefined;
  }

  comparePositions(a: Position, b: Position): -1 | 0 | 1 {
    return compareEsdbPositions(a, b);
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
