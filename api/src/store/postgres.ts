import type { Db, SqlExecutor } from '../db/db.js';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../db/db.js';
import {
  DuplicateEventId,
  WrongExpectedVersion,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type SubscriptionItem,
} from './eventStore.js';
import { matchesFilter, subscribeByPolling } from './subscribe.js';

/** NOTIFY channel woken on every append; a wake-up only (NOTIFY is not durable). */
export const EVENTS_CHANNEL = 'events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Appends with 'any' / 'stream_exists' race only with each other; each retry re-reads the head. */
const MAX_APPEND_ATTEMPTS = 50;

export interface PostgresEventStoreOptions {
  /** Polling fallback of `subscribe` when no NOTIFY arrives (default 500 ms). */
  pollIntervalMs?: number;
  /** Page size of `subscribe`'s reads (default 500). */
  pageSize?: number;
}

/** The xid counter is behind the stored events, so new events would sort before them. */
export class TransactionIdOrderError extends Error {
  constructor(
    readonly nextXid: bigint,
    readonly maxStoredXid: bigint,
  ) {
    super(
      `refusing to run: the database's next transaction id (${nextXid}) is below the newest stored ` +
        `event's (${maxStoredXid}); new events would sort before old ones and readers would miss them. ` +
        `This happens after a logical copy (pg_dump/restore) between clusters: reset the imported ` +
        `events' transaction_id to '0' and translate checkpoints.`,
    );
    this.name = 'TransactionIdOrderError';
  }
}

interface EventRow {
  tx_id: string;
  gp: string;
  stream: string;
  rev: string;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  created_at: Date | string;
}

interface StoredRef {
  id: string;
  stream: string;
  rev: string;
  tx_id: string;
  gp: string;
}

/** "tx:gp" → the two numbers; both parts are decimal bigints. */
export function parsePgPosition(p: Position): { tx: bigint; gp: bigint } {
  const m = /^(\d+):(\d+)$/.exec(p);
  if (!m) throw new TypeError(`not a PostgreSQL event position: ${p}`);
  return { tx: BigInt(m[1]!), gp: BigInt(m[2]!) };
}

export function pgPosition(tx: string | bigint, gp: string | bigint): Position {
  return `${tx}:${gp}` as Position;
}

export function comparePgPositions(a: Position, b: Position): -1 | 0 | 1 {
  const x = parsePgPosition(a);
  const y = parsePgPosition(b);
  if (x.tx !== y.tx) return x.tx < y.tx ? -1 : 1;
  if (x.gp !== y.gp) return x.gp < y.gp ? -1 : 1;
  return 0;
}

const EVENT_COLUMNS = `e.transaction_id::text AS tx_id, e.global_position::text AS gp, e.stream,
  e.revision::text AS rev, e.event_id::text AS id, e.type, e.data, e.metadata, e.created_at`;

/*
 * The no-skip read: only transactions below the snapshot's xmin have all
 * finished, so nothing can later appear behind what this returns. ORDER BY names the table's
 * columns, not the `tx_id` / `gp` text aliases, which would sort as text.
 */
const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS}
  FROM events e
  WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    AND (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
  ORDER BY e.transaction_id, e.global_position
  LIMIT $3`;

function toRecorded(r: EventRow): RecordedEvent {
  return {
    id: r.id,
    type: r.type,
    data: r.data,
    metadata: r.metadata as RecordedEvent['metadata'],
    stream: r.stream,
    revision: BigInt(r.rev),
    position: pgPosition(r.tx_id, r.gp),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  };
}

/**
 * One INSERT, so atomic without an explicit transaction, kept simple because PGlite parses and
 * plans every statement anew. Revisions follow the expectation: `no_stream` → 0, exact N → N + 1
 * guarded by "revision N exists" (no gaps), otherwise the stream's head + 1. A concurrent writer
 * at the same revision makes the insert fail on the unique (stream, revision); a failed guard
 * inserts nothing.
 */
export function appendStatement(
  stream: string,
  events: NewEvent[],
  expected: ExpectedVersion,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [stream];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let base: string;
  let guard: string | undefined;
  if (expected === 'no_stream') {
    base = '0';
  } else if (typeof expected === 'bigint') {
    if (expected < 0n) throw new TypeError(`expected version must be 0 or more: ${expected}`);
    const previous = param(expected.toString());
    base = `${previous}::bigint + 1`;
    guard = `EXISTS (SELECT 1 FROM events WHERE stream = $1 AND revision = ${previous}::bigint)`;
  } else {
    base = '(SELECT coalesce(max(revision), -1) + 1 FROM events WHERE stream = $1)';
    if (expected === 'stream_exists') guard = 'EXISTS (SELECT 1 FROM events WHERE stream = $1)';
  }
  const rows = events.map(
    (e, i) =>
      `($1, ${base} + ${i}, ${param(e.id)}::uuid, ${param(e.type)}, ` +
      `${param(JSON.stringify(e.data ?? null))}::jsonb, ${param(JSON.stringify(e.metadata ?? {}))}::jsonb)`,
  );
  const columns = 'stream, revision, event_id, type, data, metadata';
  const source = guard
    ? `SELECT * FROM (VALUES ${rows.join(', ')}) AS v(${columns}) WHERE ${guard}`
    : `VALUES ${rows.join(', ')}`;
  return {
    sql: `INSERT INTO events (${columns}) ${source}
      RETURNING transaction_id::text AS tx_id, global_position::text AS gp, revision::text AS rev`,
    params,
  };
}

function validate(stream: string, events: NewEvent[]): void {
  if (!stream) throw new TypeError('stream name must not be empty');
  const seen = new Set<string>();
  for (const e of events) {
    if (!UUID.test(e.id)) throw new TypeError(`event id must be a UUID: ${e.id}`);
    const id = e.id.toLowerCase();
    if (seen.has(id)) throw new DuplicateEventId(e.id);
    seen.add(id);
    if (!e.type) throw new TypeError('event type must not be empty');
  }
}

/**
 * The default event store: one append-only `events` table on PostgreSQL or PGlite (the same SQL on
 * both). Checks once, before first use, that the xid counter is ahead of the stored events.
 */
export class PostgresEventStore implements EventStore {
  private ready: Promise<void> | undefined;
  private notifying: Promise<void> | undefined;
  private notifyAgain = false;
  private readonly pollIntervalMs: number;
  private readonly pageSize: number;

  constructor(
    private readonly db: Db,
    opts: PostgresEventStoreOptions = {},
  ) {
    this.pollIntervalMs = opts.pollIntervalMs ?? 500;
    this.pageSize = opts.pageSize ?? 500;
  }

  /** Constructs the store and runs the start-up check now rather than on first use. */
  static async open(db: Db, opts: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    const store = new PostgresEventStore(db, opts);
    await store.ensureReady();
    return store;
  }

  ensureReady(): Promise<void> {
    this.ready ??= this.checkTransactionIdOrder().catch((err: unknown) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  private async checkTransactionIdOrder(): Promise<void> {
    // pg_snapshot_xmax is the next xid to be assigned, read without assigning one.
    const { rows } = await this.db.query<{ next: string; max: string | null }>(
      `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next,
              (SELECT max(transaction_id) FROM events)::text AS max`,
    );
    const row = rows[0];
    if (row?.max == null) return;
    const next = BigInt(row.next);
    const max = BigInt(row.max);
    if (next <= max) throw new TransactionIdOrderError(next, max);
  }

  async append(
    stream: string,
    events: NewEvent[],
    opts: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    const expected = opts.expectedVersion ?? 'any';
    validate(stream, events);
    await this.ensureReady();
    if (events.length === 0) return this.emptyAppend(stream, expected);

    const { sql, params } = appendStatement(stream, events, expected);
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await this.db.query<{ tx_id: string; gp: string; rev: string }>(
          sql,
          params,
        );
        const last = rows.reduce<(typeof rows)[number] | undefined>(
          (max, r) => (max && BigInt(max.rev) > BigInt(r.rev) ? max : r),
          undefined,
        );
        if (last) {
          this.wakeSubscribers();
          return { nextVersion: BigInt(last.rev), position: pgPosition(last.tx_id, last.gp) };
        }
        // The guard refused: a retry of an earlier append, or a real conflict.
        const resolved = await this.resolveConflict(stream, events, expected);
        if (resolved !== 'retry') return resolved;
        if (attempt >= MAX_APPEND_ATTEMPTS)
          throw new WrongExpectedVersion(stream, expected, await this.version(stream));
      } catch (err) {
        if (pgErrorCode(err) !== PG_UNIQUE_VIOLATION) throw err;
        const again = await this.resolveConflict(stream, events, expected);
        if (again !== 'retry') return again;
        if (attempt >= MAX_APPEND_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * Wakes subscribers (in this and other processes) after an append has committed. Not sent
   * from the append's own transaction: PostgreSQL holds a global lock from a notifying
   * transaction's pre-commit until after its WAL flush, which serialises every append's commit and
   * defeats group commit (measured: 8 writers fell to the speed of one). Here the NOTIFY goes in
   * a transaction of its own with asynchronous commit, at most one in flight, coalescing the
   * appends that finish meanwhile. Being a wake-up only, a lost one costs one polling interval.
   */
  private wakeSubscribers(): void {
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = (async () => {
      do {
        this.notifyAgain = false;
        try {
          await this.db.query(
            `SELECT set_config('synchronous_commit', 'off', true), pg_notify('${EVENTS_CHANNEL}', '')`,
          );
        } catch {
          // Subscribers poll as well.
        }
      } while (this.notifyAgain);
    })().finally(() => {
      this.notifying = undefined;
    });
  }

  private async emptyAppend(stream: string, expected: ExpectedVersion): Promise<AppendResult> {
    const { rows } = await this.db.query<{ rev: string; tx_id: string; gp: string }>(
      `SELECT revision::text AS rev, transaction_id::text AS tx_id, global_position::text AS gp
       FROM events WHERE stream = $1 ORDER BY revision DESC LIMIT 1`,
      [stream],
    );
    const head = rows[0];
    const actual = head ? BigInt(head.rev) : 'no_stream';
    if (!satisfies(expected, actual)) throw new WrongExpectedVersion(stream, expected, actual);
    return head
      ? { nextVersion: BigInt(head.rev), position: pgPosition(head.tx_id, head.gp) }
      : { nextVersion: -1n, position: pgPosition(0n, 0n) };
  }

  /**
   * Same ids at the same place → the original result (idempotent retry); some ids used →
   * DuplicateEventId; none → a version conflict ('retry' when the caller asked for no check).
   */
  private async resolveConflict(
    stream: string,
    events: NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult | 'retry'> {
    const ids = events.map((e) => e.id.toLowerCase());
    const { rows } = await this.db.query<StoredRef>(
      `SELECT event_id::text AS id, stream, revision::text AS rev,
              transaction_id::text AS tx_id, global_position::text AS gp
       FROM events WHERE event_id IN (SELECT (jsonb_array_elements_text($1::jsonb))::uuid)`,
      [JSON.stringify(ids)],
    );
    if (rows.length > 0) {
      const byId = new Map(rows.map((r) => [r.id, r]));
      const stored = ids.map((id) => byId.get(id));
      const first = stored[0];
      const samePlace =
        first !== undefined &&
        stored.every(
          (r, i) =>
            r !== undefined &&
            r.stream === stream &&
            BigInt(r.rev) === BigInt(first.rev) + BigInt(i),
        );
      if (!samePlace) {
        const reused = events.find((e) => byId.has(e.id.toLowerCase()));
        throw new DuplicateEventId(reused?.id ?? ids[0]!);
      }
      const before = BigInt(first.rev) - 1n;
      if (!satisfies(expected, before < 0n ? 'no_stream' : before)) {
        throw new WrongExpectedVersion(stream, expected, await this.version(stream));
      }
      const last = stored[stored.length - 1]!;
      return { nextVersion: BigInt(last.rev), position: pgPosition(last.tx_id, last.gp) };
    }
    if (expected === 'any' || expected === 'stream_exists') {
      const actual = await this.version(stream);
      if (expected === 'stream_exists' && actual === 'no_stream') {
        throw new WrongExpectedVersion(stream, expected, actual);
      }
      return 'retry';
    }
    throw new WrongExpectedVersion(stream, expected, await this.version(stream));
  }

  private async version(stream: string): Promise<bigint | 'no_stream'> {
    const { rows } = await this.db.query<{ v: string | null }>(
      'SELECT max(revision)::text AS v FROM events WHERE stream = $1',
      [stream],
    );
    const v = rows[0]?.v;
    return v == null ? 'no_stream' : BigInt(v);
  }

  async readStream(stream: string, opts: { fromRevision?: bigint } = {}): Promise<RecordedEvent[]> {
    await this.ensureReady();
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events e
       WHERE e.stream = $1 AND e.revision >= $2::bigint ORDER BY e.revision`,
      [stream, (opts.fromRevision ?? 0n).toString()],
    );
    return rows.map(toRecorded);
  }

  async readAll(
    opts: { after?: Position; maxCount?: number; filter?: EventFilter } = {},
  ): Promise<{ events: RecordedEvent[]; last: Position | undefined }> {
    await this.ensureReady();
    return this.readAllIn(this.db, opts);
  }

  /**
   * `readAll` on a given executor: inside a transaction (the projection rebuild catches up its
   * tail under the projection lock this way). With a filter the page is filtered here, so `last`
   * still advances past events the filter drops.
   */
  async readAllIn(
    exec: SqlExecutor,
    opts: { after?: Position; maxCount?: number; filter?: EventFilter } = {},
  ): Promise<{ events: RecordedEvent[]; last: Position | undefined }> {
    const after = opts.after ? parsePgPosition(opts.after) : { tx: 0n, gp: 0n };
    const { rows } = await exec.query<EventRow>(READ_ALL_SQL, [
      after.tx.toString(),
      after.gp.toString(),
      opts.maxCount ?? 1000,
    ]);
    const tail = rows[rows.length - 1];
    const all = rows.map(toRecorded);
    return {
      events: opts.filter ? all.filter((e) => matchesFilter(e, opts.filter)) : all,
      last: tail ? pgPosition(tail.tx_id, tail.gp) : undefined,
    };
  }

  subscribe(opts: {
    after?: Position;
    filter?: EventFilter;
    signal: AbortSignal;
  }): AsyncIterable<SubscriptionItem> {
    return subscribeByPolling({
      ...opts,
      pageSize: this.pageSize,
      pollIntervalMs: this.pollIntervalMs,
      readAll: (o) => this.readAll(o),
      listen: (onWake) => this.onAppend(onWake),
    });
  }

  /** LISTEN on the channel every append NOTIFYs after its commit (any process on the database). */
  onAppend(listener: () => void): Promise<() => Promise<void>> {
    return this.db.listen(EVENTS_CHANNEL, () => listener());
  }

  async headPosition(): Promise<Position | undefined> {
    await this.ensureReady();
    const { rows } = await this.db.query<{ tx_id: string; gp: string }>(
      `SELECT e.transaction_id::text AS tx_id, e.global_position::text AS gp FROM events e
       WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1`,
    );
    const r = rows[0];
    return r ? pgPosition(r.tx_id, r.gp) : undefined;
  }

  /** Number of stored events after `after` (all of them when undefined): projection lag. */
  async countAfter(after: Position | undefined): Promise<number> {
    const p = after ? parsePgPosition(after) : { tx: 0n, gp: 0n };
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM events e
       WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)`,
      [p.tx.toString(), p.gp.toString()],
    );
    return Number(rows[0]?.n ?? 0);
  }

  comparePositions(a: Position, b: Position): -1 | 0 | 1 {
    return comparePgPositions(a, b);
  }

  async close(): Promise<void> {
    // The Db belongs to the caller, who closes it after this.
    await this.notifying;
  }
}

function satisfies(expected: ExpectedVersion, actual: bigint | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 'no_stream';
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return actual === expected;
}
