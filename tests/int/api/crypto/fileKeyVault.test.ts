import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileKeyVault } from '../../../../api/src/crypto/fileKeyVault.js';
import { KeyVaultError } from '../../../../api/src/crypto/keyVault.js';

/** What the inode behind an open descriptor holds now (survives the file's unlink). */
function readThrough(fd: number): Buffer {
  const b = Buffer.alloc(32);
  readSync(fd, b, 0, 32, 0);
  return b;
}

describe('FileKeyVault', () => {
  const root = mkdtempSync(join(tmpdir(), 'cusp-vault-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  const fresh = () => join(root, `k${++n}`);

  it('keeps each key in an owner-only file in an owner-only directory and reads it back', async () => {
    const dir = fresh();
    const vault = new FileKeyVault(dir);
    const key = await vault.createEpochKey({ bucket: 7, epoch: 3 });
    expect(key).toHaveLength(32);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'epoch-7-3.key')).mode & 0o777).toBe(0o600);
    expect((await new FileKeyVault(dir).readEpochKey({ bucket: 7, epoch: 3 }))!.equals(key)).toBe(
      true,
    );
    expect(await vault.readEpochKey({ bucket: 7, epoch: 4 })).toBeUndefined();
    expect(await vault.listEpochKeys()).toEqual([{ bucket: 7, epoch: 3 }]);
  });

  it('destroys a key by overwriting it in place, then unlinking it', async () => {
    const dir = fresh();
    const vault = new FileKeyVault(dir);
    const key = await vault.createEpochKey({ bucket: 0, epoch: 1 });
    const fd = openSync(join(dir, 'epoch-0-1.key'), 'r');
    try {
      expect(readThrough(fd).equals(key)).toBe(true);
      await vault.destroyEpochKey({ bucket: 0, epoch: 1 });
      expect(readThrough(fd).equals(key)).toBe(false);
    } finally {
      closeSync(fd);
    }
    expect(existsSync(join(dir, 'epoch-0-1.key'))).toBe(false);
    expect(await vault.listEpochKeys()).toEqual([]);
    await vault.destroyEpochKey({ bucket: 0, epoch: 1 });
  });

  it('replaces a key left by an attempt that never committed, destroying the leftover', async () => {
    const dir = fresh();
    const vault = new FileKeyVault(dir);
    const leftover = await vault.createEpochKey({ bucket: 2, epoch: 5 });
    const fd = openSync(join(dir, 'epoch-2-5.key'), 'r');
    try {
      const key = await vault.createEpochKey({ bucket: 2, epoch: 5 });
      expect(key.equals(leftover)).toBe(false);
      expect(readThrough(fd).equals(leftover)).toBe(false);
      expect((await vault.readEpochKey({ bucket: 2, epoch: 5 }))!.equals(key)).toBe(true);
    } finally {
      closeSync(fd);
    }
  });

  it('stores a secret once: the first of racing writers wins for every process', async () => {
    const dir = fresh();
    const vaults = Array.from({ length: 6 }, () => new FileKeyVault(dir));
    const stored = await Promise.all(
      vaults.map((v) => v.storeSecret('email-lookup', randomBytes(32))),
    );
    for (const s of stored) expect(s.equals(stored[0]!)).toBe(true);
    expect((await vaults[0]!.readSecret('email-lookup'))!.equals(stored[0]!)).toBe(true);
    expect(await vaults[0]!.storeSecret('email-lookup', randomBytes(32))).toEqual(stored[0]);
    expect(readdirSync(dir)).toEqual(['secret-email-lookup.key']);
  });

  it('refuses a file that is not a key', async () => {
    const dir = fresh();
    const vault = new FileKeyVault(dir);
    await vault.listEpochKeys();
    writeFileSync(join(dir, 'epoch-1-1.key'), 'short');
    await expect(vault.readEpochKey({ bucket: 1, epoch: 1 })).rejects.toThrow(KeyVaultError);
  });
});
