/**
 * The KeyVault port: where the keys that wrap data keys live — never in PostgreSQL, so nothing
 * the database ever wrote (live rows, dead tuples, WAL, backups) opens without it. The file
 * implementation (`fileKeyVault.ts`) keeps each key in a file under KEYRING_DIR; a KMS adapter
 * would implement the same five calls (create, read, destroy, list epoch keys; named secrets).
 *
 * Keys are per bucket and epoch: every data key is wrapped by the current epoch key of its
 * bucket; deleting a subject re-wraps its bucket under a new epoch and destroys the old one
 * (see keyRing.ts and api/README.md "Keyring").
 */
export interface EpochRef {
  bucket: number;
  epoch: number;
}

export interface KeyVault {
  /** Where the keys are, for operators' messages (a directory, a KMS key ring). */
  readonly location: string;
  /** The 32-byte key of an epoch, or undefined when it does not exist (never made, destroyed). */
  readEpochKey(ref: EpochRef): Promise<Buffer | undefined>;
  /**
   * Makes a fresh random key for an epoch and stores it durably before returning it. A key left
   * under the same name by an aborted attempt (never committed to the database) is destroyed
   * first. Callers hold the bucket's lock.
   */
  createEpochKey(ref: EpochRef): Promise<Buffer>;
  /** Destroys an epoch key for good; an absent key is fine. */
  destroyEpochKey(ref: EpochRef): Promise<void>;
  /** Every epoch key present (for recovery: keys no row refers to are destroyed). */
  listEpochKeys(): Promise<EpochRef[]>;
  /** A named 32-byte secret, or undefined when it was never stored. */
  readSecret(name: string): Promise<Buffer | undefined>;
  /**
   * Stores a named secret unless one exists; returns the stored value (the first writer wins,
   * also across processes sharing the vault). A secret never changes afterwards.
   */
  storeSecret(name: string, value: Buffer): Promise<Buffer>;
}

/** The vault lost a key it must have, or holds something that is not a key. */
export class KeyVaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyVaultError';
  }
}

export const epochName = (ref: EpochRef): string => `b${ref.bucket}e${ref.epoch}`;
