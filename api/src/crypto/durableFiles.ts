import { randomBytes } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/** fsync of a directory, so a rename or unlink inside it survives a crash. */
export async function fsyncDir(dir: string): Promise<void> {
  try {
    const fh = await open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    // Some filesystems refuse fsync on directories; the rename itself is still atomic.
  }
}

/** Writes `bytes` to a new file `path` (mode 0600) and fsyncs it; `wx` fails if it exists. */
export async function writeSynced(
  path: string,
  bytes: Uint8Array,
  flag: 'w' | 'wx',
): Promise<void> {
  const fh = await open(path, flag, 0o600);
  try {
    await fh.writeFile(bytes);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Destroys a file's content as far as the filesystem lets a program: overwritten in place with
 * random bytes and fsynced, then unlinked and the directory fsynced. On a copy-on-write or
 * log-structured filesystem (btrfs, ZFS, some flash layers) the old blocks may survive the
 * overwrite; see the keyring's threat model in api/README.md. A missing file is fine.
 */
export async function shredFile(path: string): Promise<void> {
  let fh;
  try {
    fh = await open(path, 'r+');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    const { size } = await fh.stat();
    if (size > 0) await fh.write(randomBytes(size), 0, size, 0);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await unlink(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  await fsyncDir(dirname(path));
}
