/**
 * The EventStore port. Both adapters — PostgreSQL (`postgres.ts`, default,
 * also on PGlite) and EventStoreDB (`esdb.ts`) — pass one contract suite
 * (tests/int/api/store/eventStore.contract.ts).
 */

import { ServiceUnavailable } from '../errors.js';

/** Opaque global position. PostgreSQL: "<transaction_id>:<global_position>"; ESDB: "<commit>:<prepare>". */
export type Position = string & { readonly __brand: 'Position' };

/** 0-based revision of the stream's last event, or a rule. */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | bigint;

/** Who did it and when. Never personal data here. */
export interface EventMetadata {
  /** `user:<id>`, `link:<linkId>`, `admin:<id>`, `anonymous`, `system` */
  actor: string;
  /** ISO-8601 UTC, from the command (never read from the clock inside `decide`). */
  at: string;
  requestId?: string;
  idempotencyKey?: string;
  [key: string]: unknown;
}

export interface NewEvent<T extends string = string, D = unknown> {
  /** UUID chosen by the caller; appending the same id again is a no-op. */
  id: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

export interface RecordedEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  stream: string;
  revision: bigint;
  position: Position;
  createdAt: Date;
}

export interface EventFilter {
  eventTypes?: string[];
  /** e.g. `['project-', 'user-']` */
  streamPrefixes?: string[];
}

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  nextVersion: bigint;
  /** Position of the last appended event. */
  position: Position;
}

export type SubscriptionItem =
  { kind: 'event'; event: RecordedEvent } | { kind: 'caughtUp'; position: Position | undefined };

export interface EventStore {
  append(
    stream: string,
    events: NewEvent[],
    opts?: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult>;
  /** Events of one stream in order; an empty array when the stream does not exist. */
  readStream(stream: string, opts?: { fromRevision?: bigint }): Promise<RecordedEvent[]>;
  /**
   * One page in global order strictly after `after`. Never returns an event while an
   * earlier-positioned one may still commit (the no-skip read).
   */
  readAll(opts?: {
    after?: Position;
    maxCount?: number;
    filter?: EventFilter;
  }): Promise<{ events: RecordedEvent[]; last: Position | undefined }>;
  /** Catch-up then live, until `signal` aborts. */
  subscribe(opts: {
    after?: Position;
    filter?: EventFilter;
    signal: AbortSignal;
  }): AsyncIterable<SubscriptionItem>;
  /**
   * Wake-up signal: `listener` is called soon after events are appended, by this process or (where
   * the adapter can hear it) another. A hint only — it may come late, merge several appends or be
   * lost — so readers still poll. Resolves to the function that stops it.
   */
  onAppend(listener: () => void): Promise<() => Promise<void>>;
  /** Position of the newest readable event, if any. */
  headPosition(): Promise<Position | undefined>;
  comparePositions(a: Position, b: Position): -1 | 0 | 1;
  close(): Promise<void>;
}

export class WrongExpectedVersion extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedVersion,
    readonly actual: bigint | 'no_stream',
  ) {
    super(
      `wrong expected version on ${stream}: expected ${String(expected)}, actual ${String(actual)}`,
    );
    this.name = 'WrongExpectedVersion';
  }
}

/** The same event id was reused for a different event. */
export class DuplicateEventId extends Error {
  constructor(readonly eventId: string) {
    super(`event id ${eventId} was already used for another event`);
    this.name = 'DuplicateEventId';
  }
}

/**
 * The event store cannot be reached (EventStoreDB down or unreachable; the PostgreSQL store
 * reports its outages as `DatabaseUnavailable`): 503 `unavailable` with `Retry-After`.
 */
export class EventStoreUnavailable extends ServiceUnavailable {
  constructor(readonly reason: string) {
    super(
      'The service is temporarily unavailable. Please try again in a moment.',
      'unavailable',
      5,
    );
  }
}
