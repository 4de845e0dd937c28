import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import type { SqlExecutor } from '../../../api/src/db/db.js';
import type { EventStore, NewEvent, Position } from '../../../api/src/store/eventStore.js';
import type { Projection } from '../../../projections/src/projection.js';

export function event(type = 'ProjectCreated', actor = 'system'): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { n: 1 },
    metadata: { actor, at: new Date().toISOString() },
  };
}

/** Appends `count` events over `streams` project streams; returns the last position. */
export async function appendEvents(
  store: EventStore,
  count: number,
  streams = 5,
): Promise<Position> {
  const names = Array.from({ length: streams }, () => `project-${randomUUID()}`);
  let last: Position | undefined;
  for (let i = 0; i < count; i++) {
    const r = await store.append(names[i % streams]!, [
      event(i % 3 === 0 ? 'ProjectCreated' : 'FeedbackGiven'),
    ]);
    last = r.position;
  }
  return last!;
}

/** A logger that keeps its JSON lines for assertions. */
export function memoryLogger(): { log: Logger; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      out.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  return {
    log: pino({ level: 'info' }, stream),
    lines: () => out.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export interface TallyOptions {
  version?: number;
  /** Throws while applying the event with this index (0-based, over the tally's life) once. */
  failOnceAt?: number;
  /** Counted per event; version 2 counts double, so a rebuild to it is visible. */
  weight?: number;
  /** Pause per event, so a batch takes long enough to be killed in the middle. */
  delayMs?: number;
}

/**
 * A deliberately NOT idempotent projection: it counts events per stream with `n = n + 1`, so any
 * event applied twice shows up as a wrong count.
 */
export function tallyProjection(
  name: string,
  o: TallyOptions = {},
): Projection & { applied: () => number } {
  let applied = 0;
  let failed = false;
  return {
    name,
    version: o.version ?? 1,
    tables: [name],
    eventTypes: ['ProjectCreated', 'FeedbackGiven'],
    createSql: (t) => [
      `CREATE TABLE ${t(name)} (stream text PRIMARY KEY, n integer NOT NULL, last_revision bigint NOT NULL)`,
    ],
    async apply(ctx, e) {
      if (o.failOnceAt !== undefined && !failed && applied === o.failOnceAt) {
        failed = true;
        throw new Error('simulated crash in the middle of a batch');
      }
      applied++;
      if (o.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
      await ctx.tx.query(
        `INSERT INTO ${ctx.table(name)} (stream, n, last_revision) VALUES ($1, $2, $3)
         ON CONFLICT (stream) DO UPDATE SET n = ${ctx.table(name)}.n + $2, last_revision = $3`,
        [e.stream, o.weight ?? 1, e.revision.toString()],
      );
    },
    applied: () => applied,
  };
}

export async function rowsOf(exec: SqlExecutor, sql: string): Promise<unknown[]> {
  return (await exec.query(sql)).rows;
}

export async function eventCount(exec: SqlExecutor): Promise<number> {
  const { rows } = await exec.query<{ n: string }>('SELECT count(*)::text AS n FROM events');
  return Number(rows[0]!.n);
}
