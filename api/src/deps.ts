import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { KeyRing } from './crypto/keyRing.js';
import type { Db } from './db/db.js';
import type { EventStore, Position } from './store/eventStore.js';

/** What the projection runner offers the API. */
export interface ProjectionsHandle {
  /** Resolves once every projection has applied `position` (read-your-writes); false on timeout. */
  waitFor(position: Position, timeoutMs?: number): Promise<boolean>;
  /** Events each projection is behind the head of the store. */
  lag(): Promise<Record<string, number>>;
}

/** The adapters every route factory receives; built once by `createDeps` (compose.ts). */
export interface AppDeps {
  config: Config;
  log: Logger;
  db: Db;
  store: EventStore;
  /** Per-subject data keys: seal/open personal fields, crypto-shred on deletion. */
  keys: KeyRing;
  projections: ProjectionsHandle;
  /** The clock lives here, never inside domain functions. */
  now: () => Date;
  /** Built web app (`web/dist`), when present. */
  webRoot: string | undefined;
}
