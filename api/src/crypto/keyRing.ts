import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../db/db.js';
import { decrypt, encrypt } from './aead.js';
import { OpenedFieldMemo } from './openedFields.js';

/** A sealed personal field as stored in events: `v1:<iv>:<ciphertext>:<tag>`, base64url parts. */
export type Sealed = string & { readonly __brand: 'Sealed' };

export class KeyShredded extends Error {
  constructor(readonly subjectId: string) {
    super(`the data key of ${subjectId} was destroyed`);
    this.name = 'KeyShredded';
  }
}

interface DataKey {
  key: Buffer;
  version: number;
}

const fieldAad = (subjectId: string, field: string, version: number) =>
  Buffer.from(`${subjectId}\u0000${field}\u0000${version}`, 'utf8');

/**
 * Per-subject data keys (one per user, one per project), wrapped by the KEK in `data_keys`.
 * Destroying a key makes every field sealed with it unreadable: crypto-shredding (architecture §7).
 */
export class KeyRing {
  private readonly cache = new Map<string, DataKey>();
  /** Opened fields of the lists that open thousands per call; dropped with a subject's key. */
  readonly opened = new OpenedFieldMemo();

  constructor(
    private readonly db: SqlExecutor,
    private readonly kek: Buffer,
  ) {}

  /** The subject's key, created on first use. Refuses subjects that were shredded. */
  async keyFor(subjectId: string, exec: SqlExecutor = this.db): Promise<DataKey> {
    const cached = this.cache.get(subjectId);
    if (cached) return cached;
    const existing = await this.load(subjectId, exec);
    if (existing) return existing;
    const shredded = await exec.query('SELECT 1 FROM shredded_subjects WHERE subject_id = $1', [
      subjectId,
    ]);
    if (shredded.rows.length > 0) throw new KeyShredded(subjectId);
    const key = randomBytes(32);
    const wrapped = encrypt(this.kek, key, Buffer.from(`kek\u0000${subjectId}`));
    await exec.query(
      'INSERT INTO data_keys (subject_id, version, wrapped) VALUES ($1, 1, $2) ON CONFLICT (subject_id) DO NOTHING',
      [subjectId, wrapped],
    );
    // Another process may have won the race: the stored key is the one.
    const stored = await this.load(subjectId, exec);
    if (!stored) throw new KeyShredded(subjectId);
    return stored;
  }

  private async load(subjectId: string, exec: SqlExecutor): Promise<DataKey | undefined> {
    const r = await exec.query<{ version: number; wrapped: Uint8Array }>(
      'SELECT version, wrapped FROM data_keys WHERE subject_id = $1',
      [subjectId],
    );
    const row = r.rows[0];
    if (!row) return undefined;
    const key = decrypt(this.kek, Buffer.from(row.wrapped), Buffer.from(`kek\u0000${subjectId}`));
    const dk = { key, version: row.version };
    this.cache.set(subjectId, dk);
    return dk;
  }

  /** The key if it still exists; undefined after shredding (or if never created). */
  async existingKey(subjectId: string): Promise<DataKey | undefined> {
    return this.cache.get(subjectId) ?? (await this.load(subjectId, this.db));
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
    if (missing.length > 0) {
      const r = await this.db.query<{ subject_id: string; version: number; wrapped: Uint8Array }>(
        'SELECT subject_id, version, wrapped FROM data_keys WHERE subject_id = ANY($1::text[])',
        [missing],
      );
      for (const row of r.rows) {
        const key = decrypt(
          this.kek,
          Buffer.from(row.wrapped),
          Buffer.from(`kek\u0000${row.subject_id}`),
        );
        const dk = { key, version: row.version };
        this.cache.set(row.subject_id, dk);
        out.set(row.subject_id, dk);
      }
    }
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

  /** Crypto-shreds a subject: its key is deleted and may never be created again. */
  async destroy(subjectId: string, exec: SqlExecutor = this.db): Promise<void> {
    await exec.query(
      'INSERT INTO shredded_subjects (subject_id) VALUES ($1) ON CONFLICT DO NOTHING',
      [subjectId],
    );
    await exec.query('DELETE FROM data_keys WHERE subject_id = $1', [subjectId]);
    this.cache.delete(subjectId);
    this.opened.forget(subjectId);
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
