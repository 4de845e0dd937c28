import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, link, mkdir, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir, shredFile, writeSynced } from './durableFiles.js';
import { KeyVaultError, type EpochRef, type KeyVault } from './keyVault.js';

const EPOCH_FILE = /^epoch-(\d+)-(\d+)\.key$/;
const SECRET_NAME = /^[a-z0-9-]{1,64}$/;
const KEY_BYTES = 32;
const STALE_TEMP_MS = 10 * 60_000;

/**
 * The keyring as a directory (KEYRING_DIR, mode 0700): `epoch-<bucket>-<epoch>.key` and
 * `secret-<name>.key`, each 32 raw bytes, mode 0600. New files are written to a temp name,
 * fsynced, renamed (or linked, for secrets: first writer wins) and the directory fsynced; a
 * destroyed key is overwritten with random bytes, fsynced and unlinked (`shredFile`).
 */
export class FileKeyVault implements KeyVault {
  private ready: Promise<void> | undefined;

  constructor(readonly location: string) {}

  private init(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.location, { recursive: true, mode: 0o700 });
      await chmod(this.location, 0o700);
    })();
    return this.ready;
  }

  private epochPath(ref: EpochRef): string {
    return join(this.location, `epoch-${ref.bucket}-${ref.epoch}.key`);
  }

  private secretPath(name: string): string {
    if (!SECRET_NAME.test(name)) throw new Error(`invalid secret name: ${name}`);
    return join(this.location, `secret-${name}.key`);
  }

  private tempPath(): string {
    return join(this.location, `.${randomUUID()}.tmp`);
  }

  private async readKey(path: string): Promise<Buffer | undefined> {
    await this.init();
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    if (bytes.length !== KEY_BYTES) {
      throw new KeyVaultError(`${path}: not a key (${bytes.length} bytes, expected ${KEY_BYTES})`);
    }
    return bytes;
  }

  readEpochKey(ref: EpochRef): Promise<Buffer | undefined> {
    return this.readKey(this.epochPath(ref));
  }

  async createEpochKey(ref: EpochRef): Promise<Buffer> {
    await this.init();
    const path = this.epochPath(ref);
    await shredFile(path);
    const key = randomBytes(KEY_BYTES);
    const temp = this.tempPath();
    await writeSynced(temp, key, 'wx');
    await rename(temp, path);
    await fsyncDir(this.location);
    return key;
  }

  async destroyEpochKey(ref: EpochRef): Promise<void> {
    await this.init();
    await shredFile(this.epochPath(ref));
  }

  async listEpochKeys(): Promise<EpochRef[]> {
    await this.init();
    const out: EpochRef[] = [];
    for (const name of await readdir(this.location)) {
      const m = EPOCH_FILE.exec(name);
      if (m) out.push({ bucket: Number(m[1]), epoch: Number(m[2]) });
      else if (name.endsWith('.tmp')) await this.shredStaleTemp(join(this.location, name));
    }
    return out;
  }

  /**
   * A temp file left by a write that never finished (a crash) may hold a key. Only old ones go:
   * a young one may be another process's write in progress.
   */
  private async shredStaleTemp(path: string): Promise<void> {
    const s = await stat(path).catch(() => undefined);
    if (s && Date.now() - s.mtimeMs > STALE_TEMP_MS) await shredFile(path);
  }

  readSecret(name: string): Promise<Buffer | undefined> {
    return this.readKey(this.secretPath(name));
  }

  async storeSecret(name: string, value: Buffer): Promise<Buffer> {
    if (value.length !== KEY_BYTES) throw new Error(`a secret is ${KEY_BYTES} bytes`);
    await this.init();
    const path = this.secretPath(name);
    const temp = this.tempPath();
    await writeSynced(temp, value, 'wx');
    try {
      await link(temp, path);
    } catch (err) {
      // Another writer was first: this value was never used and goes for good.
      await shredFile(temp);
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // The temp name is now a second link to the stored secret: unlinked, not overwritten.
    await unlink(temp).catch(() => {});
    await fsyncDir(this.location);
    const stored = await this.readKey(path);
    if (!stored) throw new KeyVaultError(`${path} vanished while it was being stored`);
    return stored;
  }
}
