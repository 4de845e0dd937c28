import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeyVault } from '../../../../api/src/crypto/fileKeyVault.js';
import { KEYRING_BACKUP_LOCK, KeyRing, KeyShredded } from '../../../../api/src/crypto/keyRing.js';
import { KeyVaultError } from '../../../../api/src/crypto/keyVault.js';
import { unwrapDataKey } from '../../../../api/src/crypto/wrap.js';
import type { Db } from '../../../../api/src/db/db.js';
import { openPg } from '../../../../api/src/db/pg.js';
import { openTestDb, testDrivers, type TestDb } from '../../../support/db.js';

const silentLog = pino({ level: 'silent' });

interface KeyRowCopy {
  wrapped: Buffer;
  bucket: number;
  epoch: number;
}

async function rowOf(db: Db, subject: string): Promise<KeyRowCopy | undefined> {
  const r = await db.query<{ wrapped: Uint8Array; bucket: number; epoch: number }>(
    'SELECT wrapped, bucket, epoch FROM data_keys WHERE subject_id = $1',
    [subject],
  );
  const row = r.rows[0];
  return row && { wrapped: Buffer.from(row.wrapped), bucket: row.bucket, epoch: row.epoch };
}

/** Every 32-byte key file in the keyring directory. */
const keysIn = (dir: string): Buffer[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.key'))
    .map((f) => readFileSync(join(dir, f)));

const opensUnderAny = (keys: Buffer[], subject: string, copy: KeyRowCopy): boolean =>
  keys.some((k) => {
    try {
      unwrapDataKey(k, copy.wrapped, subject, copy);
      return true;
    } catch {
      return false;
    }
  });

const epochFiles = (dir: string, bucket: number) =>
  readdirSync(dir).filter((f) => f.startsWith(`epoch-${bucket}-`));

const epochOf = async (db: Db, bucket: number) =>
  (
    await db.query<{ epoch: number }>('SELECT epoch FROM keyring_buckets WHERE bucket = $1', [
      bucket,
    ])
  ).rows[0]?.epoch;

describe.each(testDrivers())('KeyRing on %s', (driver) => {
  let t: TestDb;
  const dirs: string[] = [];
  const keyringDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'cusp-keyring-'));
    dirs.push(d);
    return d;
  };
  let dir: string;
  let ring: KeyRing;

  beforeAll(async () => {
    t = await openTestDb(driver);
    dir = keyringDir();
    ring = new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 4 });
  });
  afterAll(async () => {
    await t.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('seals a field so that only the same subject and field open it', async () => {
    const sealed = await ring.seal('project-1', 'patientName', 'Jane Doe');
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('Jane');
    expect(await ring.open('project-1', 'patientName', sealed)).toBe('Jane Doe');
    await expect(ring.open('project-1', 'laboratoryName', sealed)).rejects.toThrow();
    await ring.seal('project-2', 'x', 'y');
    await expect(ring.open('project-2', 'patientName', sealed)).rejects.toThrow();
  });

  it('stores keys only wrapped by their bucket epoch key, which lives in the keyring directory', async () => {
    const { key } = await ring.keyFor('user-9');
    const row = (await rowOf(t.db, 'user-9'))!;
    expect(row.bucket).toBeGreaterThanOrEqual(0);
    expect(row.bucket).toBeLessThan(4);
    expect(row.wrapped.includes(key)).toBe(false);
    const epochKey = readFileSync(join(dir, `epoch-${row.bucket}-${row.epoch}.key`));
    expect(unwrapDataKey(epochKey, row.wrapped, 'user-9', row).equals(key)).toBe(true);
    const fresh = new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 4 });
    expect((await fresh.keyFor('user-9')).key.equals(key)).toBe(true);
    const elsewhere = new KeyRing({ db: t.db, vault: new FileKeyVault(keyringDir()), buckets: 4 });
    await expect(elsewhere.keyFor('user-9')).rejects.toThrow(KeyVaultError);
    await expect(elsewhere.checkVault()).rejects.toThrow(/missing from .*restore it/);
  });

  it('makes sealed fields unreadable for good after destroy (crypto-shredding)', async () => {
    const sealed = await ring.seal('project-3', 'notes', 'secret note');
    await ring.destroy('project-3');
    expect(await ring.open('project-3', 'notes', sealed)).toBeNull();
    const other = new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 4 });
    expect(await other.open('project-3', 'notes', sealed)).toBeNull();
    await expect(other.seal('project-3', 'notes', 'again')).rejects.toThrow(KeyShredded);
  });

  it('rotates only the bucket of a destroyed subject: its neighbours re-wrapped under a new epoch, every copy of its wrapped key dead', async () => {
    const subjects = Array.from({ length: 24 }, (_, i) => `project-rot-${i}`);
    const keys = await ring.createKeys(subjects);
    const victim = subjects[0]!;
    const before = (await rowOf(t.db, victim))!;
    const bucket = before.bucket;
    const neighbours = [];
    for (const s of subjects.slice(1))
      if ((await rowOf(t.db, s))!.bucket === bucket) neighbours.push(s);
    const epochs = new Map<number, number | undefined>();
    for (let b = 0; b < 4; b++) epochs.set(b, await epochOf(t.db, b));
    // The copy a disk image would hold (dead tuple, WAL) opens today under the key on disk.
    expect(opensUnderAny(keysIn(dir), victim, before)).toBe(true);

    await ring.destroy(victim);

    expect(await rowOf(t.db, victim)).toBeUndefined();
    expect(await epochOf(t.db, bucket)).toBe(before.epoch + 1);
    for (let b = 0; b < 4; b++)
      if (b !== bucket) expect(await epochOf(t.db, b)).toBe(epochs.get(b));
    expect(readdirSync(dir)).not.toContain(`epoch-${bucket}-${before.epoch}.key`);
    expect(opensUnderAny(keysIn(dir), victim, before)).toBe(false);
    const fresh = new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 4 });
    for (const s of neighbours) {
      const row = (await rowOf(t.db, s))!;
      expect(row.epoch).toBe(before.epoch + 1);
      expect((await fresh.existingKey(s))!.key.equals(keys.get(s)!.key)).toBe(true);
    }
  });

  it('never wraps a new key under an epoch a concurrent rotation destroys', async () => {
    // One bucket (0) for all: every creation races every rotation.
    const rings = [0, 1].map(
      () => new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 1 }),
    );
    const doomed = Array.from({ length: 6 }, (_, i) => `project-doomed-${i}`);
    await rings[0]!.createKeys(doomed);
    const created = Array.from({ length: 30 }, (_, i) => `project-new-${i}`);
    const made = new Map<string, Buffer>();
    await Promise.all([
      ...doomed.map((s, i) => rings[i % 2]!.destroy(s)),
      ...created.map(async (s, i) => made.set(s, (await rings[i % 2]!.keyFor(s)).key)),
    ]);
    const fresh = new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 1 });
    for (const s of created)
      expect((await fresh.existingKey(s))!.key.equals(made.get(s)!)).toBe(true);
    for (const s of doomed) expect(await fresh.existingKey(s)).toBeUndefined();
    expect(await epochOf(t.db, 0)).toBeGreaterThan(1);
    expect(epochFiles(dir, 0)).toEqual([`epoch-0-${await epochOf(t.db, 0)}.key`]);
  });

  it('finishes a recorded deletion and destroys unreferenced epoch keys after a crash', async () => {
    const crashed = new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 1 });
    await crashed.createKeys(['user-crash', 'user-stays']);
    const epoch = (await rowOf(t.db, 'user-crash'))!.epoch;
    expect(epoch).toBeGreaterThan(1);
    // The record committed in the caller's transaction; the process died before the rotation.
    await t.db.transaction((tx) => crashed.destroy('user-crash', tx));
    // Left by crashes: the key of a rotation that never committed, a superseded key whose
    // destruction never ran, a half-written temp file of long ago.
    writeFileSync(join(dir, `epoch-0-${epoch + 5}.key`), Buffer.alloc(32, 1));
    writeFileSync(join(dir, `epoch-0-${epoch - 1}.key`), Buffer.alloc(32, 2));
    const staleTemp = join(dir, '.0b7c2a52-crash.tmp');
    writeFileSync(staleTemp, Buffer.alloc(32, 3));
    utimesSync(staleTemp, new Date(Date.now() - 3600_000), new Date(Date.now() - 3600_000));

    const restarted = new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 1 });
    expect(await restarted.existingKey('user-crash')).toBeUndefined();
    const stop = await restarted.startUpkeep({ intervalMs: 60_000, log: silentLog });
    await stop();
    expect(await rowOf(t.db, 'user-crash')).toBeUndefined();
    const now = await epochOf(t.db, 0);
    expect(now).toBe(epoch + 1);
    expect(epochFiles(dir, 0)).toEqual([`epoch-0-${now}.key`]);
    expect(existsSync(staleTemp)).toBe(false);
    expect(await restarted.existingKey('user-stays')).toBeDefined();
  });

  it('gives concurrent first users of a subject the same key', async () => {
    const rings = Array.from(
      { length: 4 },
      () => new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 4 }),
    );
    const keys = await Promise.all(rings.map((r) => r.keyFor('project-race')));
    for (const k of keys) expect(k.key.equals(keys[0]!.key)).toBe(true);
  });

  it.runIf(driver === 'pg')(
    'destroys no epoch key while a backup holds the keyring backup lock, and completes the deletion after it',
    async () => {
      const backup = new pg.Client({ connectionString: t.url! });
      await backup.connect();
      try {
        const r = new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 1 });
        await r.createKeys(['user-during-backup', 'user-beside']);
        const epoch = await epochOf(t.db, 0);
        const files = epochFiles(dir, 0);
        await backup.query('SELECT pg_advisory_lock($1)', [KEYRING_BACKUP_LOCK]);
        await r.destroy('user-during-backup');
        // Refused at once, but no key was destroyed: the dump and the keyring copy match.
        expect(await r.existingKey('user-during-backup')).toBeUndefined();
        expect(await epochOf(t.db, 0)).toBe(epoch);
        expect(epochFiles(dir, 0)).toEqual(files);
        expect(await r.sweepEpochs()).toBe(0);
        await backup.query('SELECT pg_advisory_unlock($1)', [KEYRING_BACKUP_LOCK]);
        expect(await r.completeShredding()).toBe(1);
        expect(await rowOf(t.db, 'user-during-backup')).toBeUndefined();
        expect(await epochOf(t.db, 0)).toBe(epoch! + 1);
        expect(await r.existingKey('user-beside')).toBeDefined();
      } finally {
        await backup.end();
      }
    },
  );

  it.runIf(driver === 'pg')(
    'serialises rotations of one bucket across processes sharing one PostgreSQL',
    async () => {
      const second = await openPg(t.url!);
      try {
        const a = new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 1 });
        const b = new KeyRing({ db: second, vault: new FileKeyVault(dir), buckets: 1 });
        const live = Array.from({ length: 40 }, (_, i) => `user-live-${i}`);
        const gone = Array.from({ length: 10 }, (_, i) => `user-gone-${i}`);
        const keys = await a.createKeys([...live, ...gone]);
        await Promise.all(gone.map((s, i) => (i % 2 ? a : b).destroy(s)));
        const fresh = new KeyRing({ db: t.db, vault: new FileKeyVault(dir), buckets: 1 });
        for (const s of live)
          expect((await fresh.existingKey(s))!.key.equals(keys.get(s)!.key)).toBe(true);
        for (const s of gone) expect(await fresh.existingKey(s)).toBeUndefined();
        expect(epochFiles(dir, 0)).toEqual([`epoch-0-${await epochOf(t.db, 0)}.key`]);
      } finally {
        await second.close();
      }
    },
  );
});
