import pg from 'pg';
import {
  DatabaseUnavailable,
  pgErrorCode,
  type Db,
  type QueryResult,
  type SqlExecutor,
} from './db.js';

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that cannot serve: connection exceptions (class 08), shutting down or
 * starting up (57P01–57P03), out of connection slots (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** What `pg` and `pg-pool` throw, without a code, for a lost or never-made connection. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/;

function isConnectionFailure(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code && (NETWORK_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  return err instanceof Error && LOST_CONNECTION.test(err.message);
}

/** A connection failure as DatabaseUnavailable; any other error as it is. */
function classified(err: unknown): unknown {
  return isConnectionFailure(err) ? new DatabaseUnavailable(err) : err;
}

export interface PgDbOptions {
  max?: number;
  /** Called when an idle pooled client or the LISTEN client fails; the pool replaces clients itself. */
  onError?: (err: Error) => void;
}

/**
 * `pg` against a PostgreSQL server. Queries run on clients taken with `connect()` and released
 * without the error: `pool.query()` destroys the connection on any error, including the unique
 * violations the event store expects during idempotent appends.
 */
export async function openPg(connectionString: string, opts: PgDbOptions = {}): Promise<Db> {
  const onError = opts.onError ?? (() => {});
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // A transaction left idle would stall every event reader.
    options: '-c idle_in_transaction_session_timeout=60000',
  });
  pool.on('error', onError);
  // A checked-out client whose connection drops emits 'error' itself; unhandled, that would
  // crash the process instead of failing the query in flight.
  pool.on('connect', (client) => {
    client.on('error', onError);
  });

  const run = async <R>(
    client: pg.PoolClient | pg.Client,
    text: string,
    params?: unknown[],
  ): Promise<QueryResult<R>> => {
    const r = await client.query(text, params as unknown[] | undefined);
    return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
  };

  const listener = createListener(connectionString, onError);

  return {
    kind: 'pg',
    async query<R>(text: string, params?: unknown[]) {
      try {
        const client = await pool.connect();
        try {
          return await run<R>(client, text, params);
        } finally {
          client.release();
        }
      } catch (err) {
        throw classified(err);
      }
    },
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw classified(err);
      }
      let broken = false;
      try {
        await client.query('BEGIN');
        const tx: SqlExecutor = { query: (text, params) => run(client, text, params) };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw classified(err);
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onNotify) => listener.listen(channel, onNotify),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * One dedicated client carries every LISTEN. When it fails it reconnects with backoff and
 * re-issues the LISTENs; notifications lost meanwhile are covered by the readers' polling.
 */
function createListener(connectionString: string, onError: (err: Error) => void) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on('error', (err) => {
        onError(err);
        if (client === c) client = undefined;
        c.end().catch(() => {});
        scheduleReconnect();
      });
      c.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${quote(channel)}`);
      client = c;
      return c;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const scheduleReconnect = (delay = 500) => {
    if (closed || retryTimer || handlers.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((err: Error) => {
        onError(err);
        scheduleReconnect(Math.min(delay * 2, 10_000));
      });
    }, delay);
    retryTimer.unref();
  };

  return {
    async listen(channel: string, onNotify: (payload: string) => void) {
      let set = handlers.get(channel);
      const fresh = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onNotify);
      try {
        const c = await connect();
        if (fresh && client === c) await c.query(`LISTEN ${quote(channel)}`);
      } catch (err) {
        onError(err as Error);
        scheduleReconnect();
      }
      return async () => {
        set.delete(onNotify);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      handlers.clear();
      const c = client ?? (connecting ? await connecting.catch(() => undefined) : undefined);
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
