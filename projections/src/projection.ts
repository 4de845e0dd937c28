import type { SqlExecutor } from '../../api/src/db/db.js';
import type { RecordedEvent } from '../../api/src/store/eventStore.js';

/**
 * A read model: the tables it owns and how one event changes them. The runner calls `apply`
 * inside the transaction that also stores the projection's checkpoint, so an event is applied
 * exactly once per table set; `apply` must still be idempotent (revision-guarded upserts, counts
 * derived rather than blindly incremented) because rebuilds and retries replay events.
 *
 * Table names always come from `ctx.table(logical)`: a rebuild builds fresh tables under other
 * names and swaps them in. So DDL must never name indexes or constraints explicitly — PostgreSQL
 * then generates unique names on its own.
 */
export interface ProjectionContext {
  tx: SqlExecutor;
  table(logicalName: string): string;
}

export interface Projection {
  readonly name: string;
  /** Bump when the tables or `apply` change: the runner then rebuilds this projection. */
  readonly version: number;
  /** Logical names of the tables this projection owns. */
  readonly tables: readonly string[];
  /** Event types it reads; omitted = every event. */
  readonly eventTypes?: readonly string[];
  /** CREATE TABLE / CREATE INDEX statements, one per array item, names from `table`. */
  createSql(table: (logicalName: string) => string): string[];
  apply(ctx: ProjectionContext, event: RecordedEvent): Promise<void>;
  /**
   * Optional: applies several events (in order, already filtered by `eventTypes`) with fewer
   * statements. When present the runner and rebuilds call it instead of `apply`; the result must
   * be the same as applying them one by one.
   */
  applyBatch?(ctx: ProjectionContext, events: readonly RecordedEvent[]): Promise<void>;
}
