import type { Position } from './eventStore.js';

/**
 * What the projection runner offers the write side. Declared beside the EventStore port so that
 * the command handler and the composition root share it without importing each other.
 */
export interface ProjectionsHandle {
  /** Resolves once every projection has applied `position` (read-your-writes); false on timeout. */
  waitFor(position: Position, timeoutMs?: number): Promise<boolean>;
  /** Events each projection is behind the head of the store. */
  lag(): Promise<Record<string, number>>;
  /** The newest position every projection has applied, in any process (from the checkpoints). */
  appliedPosition(): Promise<Position | undefined>;
}
