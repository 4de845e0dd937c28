/**
 * The Db port: one SQL dialect (PostgreSQL), two drivers — `pg` against a server and PGlite
 * in-process. Both return bigint columns (int8, numeric) as strings so callers behave the same;
 * select xid8/positions as `::text` and convert with `BigInt()` where arithmetic is needed.
 */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface SqlExecutor {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface Db extends SqlExecutor {
  readonly kind: 'pg' | 'pglite';
  /**
   * Runs `fn` in one transaction (BEGIN … COMMIT, ROLLBACK on throw). Inside `fn` use only `tx`:
   * calling the Db itself there waits for the transaction to end, which deadlocks.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on `channel`; returns the unsubscribe function. A wake-up only: never durable. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The database cannot be reached: the connection was refused, dropped or timed out, the server
 * is shutting down, or the embedded instance is gone. The drivers throw this instead of their own
 * connection errors, so every caller sees one type; the HTTP error handler answers it with 503
 * and `Retry-After`.
 */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause });
    this.name = 'DatabaseUnavailable';
  }
}

/** True when `err`, or an error it was caused by, is a DatabaseUnavailable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 8; depth++) {
    if (e instanceof DatabaseUnavailable) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/** PostgreSQL error codes the code base reacts to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_SERIALIZATION_FAILURE = '40001';

export function pgErrorCode(err: unknown): string | undefined {
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string') {
    return err.code;
  }
  return undefined;
}
