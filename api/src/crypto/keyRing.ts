import { randomBytes, randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db, SqlExecutor } from '../db/db.js';
import { decrypt, encrypt } from './aead.js';
import { KeyVaultError, epochName, type EpochRef, type KeyVault } from './keyVault.js';
import { OpenedFieldMemo } from './openedFields.js';
import { unwrapDataKey, unwrapLegacyDataKey, wrapDataKey } from './wrap.js';

/** A sealed personal field as stored in events: `v1:<iv>:<ciphertext>:<tag>`, base64url parts. */
export type Sealed = string & { readonly __brand: 'Sealed' };

/** NOTIFY channel carrying shredded subject ids: other processes drop their cached keys. */
export const KEYS_CHANNEL = 'cusp_keys';
/** First key of the per-bucket advisory lock; the second is the bucket number. */
const BUCKET_LOCK = 7_346_015;
/**
 * While an operator's session holds this advisory lock (`SELECT pg_advisory_lock(7346016)`), no
 * epoch key is destroyed: a database dump and a copy of the keyring taken under it match.
 * Deletions still answer at once (their subjects are refused from the record on); their
 * rotations wait for the upkeep after the lock is released (runbook: backup-restore.md).
 */
export const KEYRING_BACKUP_LOCK = 7_346_016;
/** Rows per statement when many keys are written at once. */
const BATCH = 2000;

export class KeyShredded extends Error {
  constructor(readonly subjectId: string) {
    super(`the data key of ${subjectId} was destroyed`);
    this.name = 'KeyShredded';
  }
}

export interface DataKey {
  key: Buffer;
  version: number;
}

export interface KeyRingOptions {
  db: Db;
  /** Where the epoch keys live (KEYRING_DIR, or a KMS adapter). */
  vault: KeyVault;
  /** New keys go to one of this many buckets (KEYRING_BUCKETS). */
  buckets: number;
}

interface KeyRow {
  subject_id: string;
  version: number;
  wrapped: Uint8Array;
  bucket: number | null;
  epoch: number | null;
}

const fieldAad = (subjectId: string, field: string, version: number) =>
  Buffer.from(`${subjectId}\u0000${field}\u0000${version}`, 'utf8');

/** False while a backup holds KEYRING_BACKUP_LOCK: epoch keys must not be destroyed now. */
async function backupAllowsDestroying(tx: SqlExecutor): Promise<boolean> {
  const r = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock_shared($1) AS ok', [
    KEYRING_BACKUP_LOCK,
  ]);
  return r.rows[0]?.ok === true;
}

const lockBucket = (tx: SqlExecutor, bucket: number, mode: 'shared' | 'exclusive') =>
  tx.query(
    mode === 'shared'
      ? 'SELECT pg_advisory_xact_lock_shared($1, $2)'
      : 'SELECT pg_advisory_xact_lock($1, $2)',
    [BUCKET_LOCK, bucket],
  );

async function currentEpoch(tx: SqlExecutor, bucket: number): Promise<number | undefined> {
  const r = await tx.query<{ epoch: number }>(
    'SELECT epoch FROM keyring_buckets WHERE bucket = $1',
    [bucket],
  );
  return r.rows[0]?.epoch;
}

const missingKey = (vault: KeyVault, ref: EpochRef) =>
  new KeyVaultError(
    `the epoch key ${epochName(ref)} is missing from ${vault.location}: the keyring was lost or ` +
      'KEYRING_DIR names the wrong directory; restore it from its backup',
  );

/**
 * Per-subject data keys (one per user, one per project). Destroying a key makes every field and
 * file sealed with it unreadable: crypto-shredding.
 *
 * A data key is stored in `data_keys` wrapped by the current epoch key of its bucket; epoch keys
 * live in the KeyVault, outside PostgreSQL. Deleting a subject (`destroy`) records it in
 * `shredded_subjects` (reads refuse it from then on), then rotates its bucket: a new epoch key is
 * written, one transaction re-wraps the bucket's other keys under it and deletes the subject's
 * row, and after the commit the old epoch key is destroyed. Every copy of the subject's wrapped
 * key PostgreSQL ever wrote (dead tuples, WAL) was wrapped by an epoch key that no longer exists.
 *
 * Locks: the bucket's advisory lock, shared by key creation (so no key is wrapped under an epoch
 * a rotation is about to destroy) and exclusive for bucket set-up, rotation and the sweep of
 * unreferenced epoch keys; in-process, one bucket's rotations queue behind each other.
 */
export class KeyRing {
  private readonly cache = new Map<string, DataKey>();
  /** Opened fields of the lists that open thousands per call; dropped with a subject's key. */
  readonly opened = new OpenedFieldMemo();
  /** bucket → epoch → epoch key: the latest of each bucket, plus any being rotated away. */
  private readonly epochKeys = new Map<number, Map<number, Buffer>>();
  private readonly readyBuckets = new Set<number>();
  private readonly bucketQueues = new Map<number, Promise<void>>();

  constructor(private readonly o: KeyRingOptions) {
    if (!Number.isInteger(o.buckets) || o.buckets < 1) throw new Error('buckets must be ≥ 1');
  }

  // ---------------------------------------------------------------- data keys

  /** The subject's key, created on first use. Refuses subjects that were shredded. */
  async keyFor(subjectId: string): Promise<DataKey> {
    const known = this.cache.get(subjectId) ?? (await this.fetch([subjectId])).get(subjectId);
    if (known) return known;
    const made = (await this.createKeys([subjectId])).get(subjectId);
    if (!made) throw new KeyShredded(subjectId);
    return made;
  }

  /**
   * Keys for many subjects at once, each placed in a random bucket (the row records its bucket,
   * so the placement need not be recomputable). A subject that has a key keeps it; shredded
   * subjects are absent from the answer.
   */
  async createKeys(subjectIds: readonly string[]): Promise<Map<string, DataKey>> {
    const byBucket = new Map<number, { subjectId: string; key: Buffer }[]>();
    for (const subjectId of subjectIds) {
      const bucket = randomInt(this.o.buckets);
      const list = byBucket.get(bucket) ?? [];
      list.push({ subjectId, key: randomBytes(32) });
      byBucket.set(bucket, list);
    }
    for (const [bucket, entries] of byBucket) await this.place(bucket, entries, 'insert');
    return this.fetch(subjectIds);
  }

  /** The key if it still exists; undefined after shredding (or if never created). */
  async existingKey(subjectId: string): Promise<DataKey | undefined> {
    return this.cache.get(subjectId) ?? (await this.fetch([subjectId])).get(subjectId);
  }

  /**
   * The existing keys of many subjects, uncached ones loaded in one query (admin lists open
   * thousands of subjects per call). Shredded or unknown subjects are absent from the map.
   */
  async existingKeys(subjectIds: readonly string[]): Promise<Map<string, DataKey>> {
    const out = new Map<string, DataKey>();
    const missing: string[] = [];
    for (const id of subjectIds) {
      const cached = this.cache.get(id);
      if (cached) out.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) for (const [id, dk] of await this.fetch(missing)) out.set(id, dk);
    return out;
  }

  async seal(subjectId: string, field: string, plaintext: string): Promise<Sealed> {
    const { key, version } = await this.keyFor(subjectId);
    return sealWith(key, version, subjectId, field, plaintext);
  }

  /** The plaintext, or null when the subject's key was destroyed. Throws on tampering. */
  async open(subjectId: string, field: string, sealed: string): Promise<string | null> {
    const dk = await this.existingKey(subjectId);
    if (!dk) return null;
    return openWith(dk.key, subjectId, field, sealed);
  }

  async isShredded(subjectId: string): Promise<boolean> {
    const r = await this.o.db.query('SELECT 1 FROM shredded_subjects WHERE subject_id = $1', [
      subjectId,
    ]);
    return r.rows.length > 0;
  }

  /**
   * Crypto-shreds a subject: from the commit on, its key is refused and may never be created
   * again. Without `exec` the deletion also completes physically before this returns (its bucket
   * is rotated). With `exec` (the caller's transaction) only the record is written: call
   * `completeShredding()` after the commit — the upkeep loop does it within 30 s otherwise.
   */
  async destroy(subjectId: string, exec?: SqlExecutor): Promise<void> {
    const x = exec ?? this.o.db;
    await x.query('INSERT INTO shredded_subjects (subject_id) VALUES ($1) ON CONFLICT DO NOTHING', [
      subjectId,
    ]);
    await x.query('SELECT pg_notify($1, $2)', [KEYS_CHANNEL, subjectId]);
    this.forget(subjectId);
    if (!exec) await this.completeShredding([subjectId]);
  }

  /** Drops what this process holds of a subject's key (cache, opened fields). */
  forget(subjectId: string): void {
    this.cache.delete(subjectId);
    this.opened.forget(subjectId);
  }

  private async fetch(subjectIds: readonly string[]): Promise<Map<string, DataKey>> {
    const out = new Map<string, DataKey>();
    let pending = subjectIds;
    // A rotation may destroy an epoch key between the read of a row and the read of its key:
    // the row then carries the next epoch, so it is read once more.
    for (let attempt = 0; pending.length > 0; attempt++) {
      const r = await this.o.db.query<KeyRow>(
        `SELECT d.subject_id, d.version, d.wrapped, d.bucket, d.epoch FROM data_keys d
          WHERE d.subject_id = ANY($1::text[])
            AND NOT EXISTS (SELECT 1 FROM shredded_subjects s WHERE s.subject_id = d.subject_id)`,
        [pending],
      );
      const missed: string[] = [];
      for (const row of r.rows) {
        if (row.bucket === null || row.epoch === null) {
          throw new KeyVaultError(
            `the data key of ${row.subject_id} is still wrapped by the legacy KEK: ` +
              'restart Cusp with that key (CUSP_KEK or DATA_DIR/kek) to move it into the keyring',
          );
        }
        const ref = { bucket: row.bucket, epoch: row.epoch };
        const epochKey = await this.epochKey(ref);
        if (!epochKey) {
          if (attempt > 0) throw missingKey(this.o.vault, ref);
          missed.push(row.subject_id);
          continue;
        }
        const dk = {
          key: unwrapDataKey(epochKey, row.wrapped, row.subject_id, ref),
          version: row.version,
        };
        this.cache.set(row.subject_id, dk);
        out.set(row.subject_id, dk);
      }
      pending = missed;
    }
    return out;
  }

  // ---------------------------------------------------------------- buckets and epochs

  private async epochKey(ref: EpochRef): Promise<Buffer | undefined> {
    const held = this.epochKeys.get(ref.bucket)?.get(ref.epoch);
    if (held) return held;
    const key = await this.o.vault.readEpochKey(ref);
    if (key) this.holdEpochKey(ref, key);
    return key;
  }

  /** Keeps an epoch key at hand; older epochs of the bucket are dropped (rotated away). */
  private holdEpochKey(ref: EpochRef, key: Buffer): void {
    const epochs = this.epochKeys.get(ref.bucket) ?? new Map<number, Buffer>();
    for (const e of epochs.keys()) if (e < ref.epoch) epochs.delete(e);
    epochs.set(ref.epoch, key);
    this.epochKeys.set(ref.bucket, epochs);
  }

  private dropEpochKey(ref: EpochRef): void {
    this.epochKeys.get(ref.bucket)?.delete(ref.epoch);
  }

  /** Runs one bucket's maintenance jobs one after another in this process. */
  private serial<T>(bucket: number, job: () => Promise<T>): Promise<T> {
    const previous = this.bucketQueues.get(bucket) ?? Promise.resolve();
    const run = previous.then(job);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.bucketQueues.set(bucket, tail);
    void tail.then(() => {
      if (this.bucketQueues.get(bucket) === tail) this.bucketQueues.delete(bucket);
    });
    return run;
  }

  /** Makes a bucket usable: its first epoch key, then its row (a crash between leaves a file the sweep removes). */
  private async ensureBucket(bucket: number): Promise<void> {
    if (this.readyBuckets.has(bucket)) return;
    await this.o.db.transaction(async (tx) => {
      await lockBucket(tx, bucket, 'exclusive');
      if ((await currentEpoch(tx, bucket)) !== undefined) return;
      const ref = { bucket, epoch: 1 };
      const key = await this.o.vault.createEpochKey(ref);
      await tx.query('INSERT INTO keyring_buckets (bucket, epoch) VALUES ($1, 1)', [bucket]);
      this.holdEpochKey(ref, key);
    });
    this.readyBuckets.add(bucket);
  }

  /**
   * Wraps data keys under the bucket's current epoch and stores them: new rows (`insert`, never
   * for a shredded subject) or legacy rows moved into the bucket (`adopt`). The bucket's lock is
   * held shared from reading the epoch to the commit, so no rotation runs in between.
   */
  private async place(
    bucket: number,
    entries: readonly { subjectId: string; key: Buffer }[],
    mode: 'insert' | 'adopt',
  ): Promise<void> {
    await this.ensureBucket(bucket);
    await this.o.db.transaction(async (tx) => {
      await lockBucket(tx, bucket, 'shared');
      const epoch = await currentEpoch(tx, bucket);
      if (epoch === undefined) throw new Error(`bucket ${bucket} has no epoch`);
      const ref = { bucket, epoch };
      const epochKey = await this.epochKey(ref);
      if (!epochKey) throw missingKey(this.o.vault, ref);
      const rows = entries.map((e) => ({
        s: e.subjectId,
        w: wrapDataKey(epochKey, e.key, e.subjectId, ref).toString('hex'),
      }));
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = JSON.stringify(rows.slice(i, i + BATCH));
        await tx.query(
          mode === 'insert'
            ? `INSERT INTO data_keys (subject_id, version, wrapped, bucket, epoch)
               SELECT r.s, 1, decode(r.w, 'hex'), $2, $3 FROM jsonb_to_recordset($1::jsonb) AS r(s text, w text)
                WHERE NOT EXISTS (SELECT 1 FROM shredded_subjects x WHERE x.subject_id = r.s)
               ON CONFLICT (subject_id) DO NOTHING`
            : `UPDATE data_keys d SET wrapped = decode(r.w, 'hex'), bucket = $2, epoch = $3
                 FROM jsonb_to_recordset($1::jsonb) AS r(s text, w text)
                WHERE d.subject_id = r.s AND d.bucket IS NULL`,
          [batch, bucket, epoch],
        );
      }
    });
  }

  /**
   * Completes recorded shreds physically: rotates each bucket that still holds a shredded
   * subject's key (only the buckets of `subjectIds` when given). Returns the buckets rotated.
   */
  async completeShredding(subjectIds?: readonly string[]): Promise<number> {
    const r = await this.o.db.query<{ bucket: number | null }>(
      `SELECT DISTINCT d.bucket FROM data_keys d JOIN shredded_subjects s ON s.subject_id = d.subject_id
        ${subjectIds ? 'WHERE d.subject_id = ANY($1::text[])' : ''}`,
      subjectIds ? [subjectIds] : [],
    );
    let rotated = 0;
    for (const { bucket } of r.rows) {
      if (bucket === null) {
        // A legacy row: its wrapping key (the legacy KEK) goes as a whole after the migration.
        await this.o.db.query(
          `DELETE FROM data_keys d USING shredded_subjects s
            WHERE s.subject_id = d.subject_id AND d.bucket IS NULL`,
        );
      } else if (await this.rotate(bucket)) rotated++;
    }
    return rotated;
  }

  /**
   * One rotation: a new epoch key, then in one transaction every live key of the bucket
   * re-wrapped under it, the shredded subjects' rows deleted and the bucket's epoch advanced;
   * after the commit the old epoch key is destroyed. False when nothing in the bucket was
   * shredded, or while a backup holds KEYRING_BACKUP_LOCK (the upkeep retries).
   */
  private rotate(bucket: number): Promise<boolean> {
    return this.serial(bucket, async () => {
      let superseded: EpochRef | undefined;
      let next: { ref: EpochRef; key: Buffer } | undefined;
      let doomed: string[] = [];
      await this.o.db.transaction(async (tx) => {
        await lockBucket(tx, bucket, 'exclusive');
        if (!(await backupAllowsDestroying(tx))) return;
        const epoch = await currentEpoch(tx, bucket);
        if (epoch === undefined) return;
        const rows = (
          await tx.query<KeyRow & { shredded: boolean }>(
            `SELECT d.subject_id, d.version, d.wrapped, d.bucket, d.epoch,
                    s.subject_id IS NOT NULL AS shredded
               FROM data_keys d LEFT JOIN shredded_subjects s ON s.subject_id = d.subject_id
              WHERE d.bucket = $1`,
            [bucket],
          )
        ).rows;
        doomed = rows.filter((r) => r.shredded).map((r) => r.subject_id);
        if (doomed.length === 0) return;
        const ref = { bucket, epoch: epoch + 1 };
        const key = await this.o.vault.createEpochKey(ref);
        next = { ref, key };
        const rewrapped: { s: string; w: string }[] = [];
        for (const row of rows) {
          if (row.shredded) continue;
          const from = { bucket, epoch: row.epoch! };
          const fromKey = await this.epochKey(from);
          if (!fromKey) throw missingKey(this.o.vault, from);
          const dataKey = unwrapDataKey(fromKey, row.wrapped, row.subject_id, from);
          rewrapped.push({
            s: row.subject_id,
            w: wrapDataKey(key, dataKey, row.subject_id, ref).toString('hex'),
          });
          dataKey.fill(0);
        }
        for (let i = 0; i < rewrapped.length; i += BATCH) {
          await tx.query(
            `UPDATE data_keys d SET wrapped = decode(r.w, 'hex'), epoch = $2
               FROM jsonb_to_recordset($1::jsonb) AS r(s text, w text)
              WHERE d.subject_id = r.s`,
            [JSON.stringify(rewrapped.slice(i, i + BATCH)), ref.epoch],
          );
        }
        await tx.query('DELETE FROM data_keys WHERE bucket = $1 AND subject_id = ANY($2::text[])', [
          bucket,
          doomed,
        ]);
        await tx.query('UPDATE keyring_buckets SET epoch = $2 WHERE bucket = $1', [
          bucket,
          ref.epoch,
        ]);
        superseded = { bucket, epoch };
      });
      for (const s of doomed) this.forget(s);
      if (!superseded || !next) return false;
      this.holdEpochKey(next.ref, next.key);
      this.dropEpochKey(superseded);
      await this.o.vault.destroyEpochKey(superseded);
      return true;
    });
  }

  /**
   * Destroys every epoch key no row refers to and that is not its bucket's current one: keys a
   * crash kept from being destroyed after their rotation committed, and keys of rotations or
   * bucket set-ups that never committed. Returns how many went.
   */
  async sweepEpochs(): Promise<number> {
    const present = await this.o.vault.listEpochKeys();
    if (present.length === 0) return 0;
    const r = await this.o.db.query<{ bucket: number; epoch: number }>(
      'SELECT bucket, epoch FROM keyring_buckets',
    );
    const current = new Map(r.rows.map((x) => [x.bucket, x.epoch]));
    const suspects = new Map<number, number[]>();
    for (const ref of present) {
      if (current.get(ref.bucket) === ref.epoch) continue;
      suspects.set(ref.bucket, [...(suspects.get(ref.bucket) ?? []), ref.epoch]);
    }
    let destroyed = 0;
    for (const [bucket, epochs] of suspects) {
      destroyed += await this.serial(bucket, () =>
        this.o.db.transaction(async (tx) => {
          // Under the lock no rotation or set-up of this bucket is half done.
          await lockBucket(tx, bucket, 'exclusive');
          if (!(await backupAllowsDestroying(tx))) return 0;
          const epoch = await currentEpoch(tx, bucket);
          let n = 0;
          for (const e of epochs) {
            if (e === epoch) continue;
            const used = await tx.query(
              'SELECT 1 FROM data_keys WHERE bucket = $1 AND epoch = $2 LIMIT 1',
              [bucket, e],
            );
            if (used.rows.length > 0) continue;
            const ref = { bucket, epoch: e };
            this.dropEpochKey(ref);
            await this.o.vault.destroyEpochKey(ref);
            n++;
          }
          return n;
        }),
      );
    }
    return destroyed;
  }

  /**
   * Refuses a keyring that lacks the current key of a bucket the database knows: KEYRING_DIR
   * pointing at the wrong directory, or a lost keyring. Nothing is changed then.
   */
  async checkVault(): Promise<void> {
    const r = await this.o.db.query<{ bucket: number; epoch: number }>(
      'SELECT bucket, epoch FROM keyring_buckets ORDER BY bucket',
    );
    for (const row of r.rows) {
      if (await this.o.vault.readEpochKey(row)) continue;
      // A rotation in another process may have just replaced it.
      const now = await currentEpoch(this.o.db, row.bucket);
      if (
        now !== undefined &&
        (await this.o.vault.readEpochKey({ bucket: row.bucket, epoch: now }))
      )
        continue;
      throw missingKey(this.o.vault, row);
    }
  }

  /**
   * Moves keys wrapped by the legacy KEK (installs before the keyring) into buckets; shredded
   * ones are deleted. Returns how many moved. Throws when legacy rows exist and `kek` does not
   * open them (or is missing).
   */
  async adoptLegacyKeys(kek: Buffer | undefined): Promise<number> {
    await this.o.db.query(
      `DELETE FROM data_keys d USING shredded_subjects s
        WHERE s.subject_id = d.subject_id AND d.bucket IS NULL`,
    );
    let moved = 0;
    for (;;) {
      const r = await this.o.db.query<{ subject_id: string; wrapped: Uint8Array }>(
        `SELECT subject_id, wrapped FROM data_keys WHERE bucket IS NULL ORDER BY subject_id LIMIT ${BATCH}`,
      );
      if (r.rows.length === 0) return moved;
      if (!kek) {
        throw new KeyVaultError(
          'data keys wrapped by the legacy KEK exist, but neither CUSP_KEK nor DATA_DIR/kek is ' +
            'there: start Cusp once with the key this install used, to move them into the keyring',
        );
      }
      const byBucket = new Map<number, { subjectId: string; key: Buffer }[]>();
      for (const row of r.rows) {
        let key: Buffer;
        try {
          key = unwrapLegacyDataKey(kek, row.wrapped, row.subject_id);
        } catch {
          throw new KeyVaultError(
            `the legacy KEK does not open the data key of ${row.subject_id}: is it the key this install used?`,
          );
        }
        const bucket = randomInt(this.o.buckets);
        byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), { subjectId: row.subject_id, key }]);
      }
      for (const [bucket, entries] of byBucket) await this.place(bucket, entries, 'adopt');
      moved += r.rows.length;
    }
  }

  /**
   * Recovery, then upkeep every `intervalMs`: completes shreds a crash interrupted and destroys
   * unreferenced epoch keys (the first pass runs now, and its failure is thrown); drops cached
   * keys of subjects other processes shred. Returns the stop function.
   */
  async startUpkeep(opts: { intervalMs: number; log: Logger }): Promise<() => Promise<void>> {
    const unlisten = await this.o.db.listen(KEYS_CHANNEL, (subjectId) => this.forget(subjectId));
    const pass = async () => {
      await this.completeShredding();
      await this.sweepEpochs();
    };
    try {
      await pass();
    } catch (err) {
      await unlisten();
      throw err;
    }
    let running: Promise<void> | undefined;
    const timer = setInterval(() => {
      running ??= pass()
        .catch((err: unknown) => opts.log.error({ err }, 'keyring upkeep failed'))
        .finally(() => (running = undefined));
    }, opts.intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
      await unlisten();
    };
  }
}

export function sealWith(
  key: Buffer,
  version: number,
  subjectId: string,
  field: string,
  plaintext: string,
): Sealed {
  const box = encrypt(key, Buffer.from(plaintext, 'utf8'), fieldAad(subjectId, field, version));
  const iv = box.subarray(0, 12);
  const ct = box.subarray(12, box.length - 16);
  const tag = box.subarray(box.length - 16);
  return `v${version}:${iv.toString('base64url')}:${ct.toString('base64url')}:${tag.toString('base64url')}` as Sealed;
}

export function openWith(key: Buffer, subjectId: string, field: string, sealed: string): string {
  const m = /^v(\d+):([A-Za-z0-9_-]+):([A-Za-z0-9_-]*):([A-Za-z0-9_-]+)$/.exec(sealed);
  if (!m) throw new Error('not a sealed field');
  const version = Number(m[1]);
  const box = Buffer.concat([
    Buffer.from(m[2]!, 'base64url'),
    Buffer.from(m[3]!, 'base64url'),
    Buffer.from(m[4]!, 'base64url'),
  ]);
  return decrypt(key, box, fieldAad(subjectId, field, version)).toString('utf8');
}
