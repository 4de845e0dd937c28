import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shredFile } from './durableFiles.js';

/**
 * The key-encryption key of installs before the keyring: CUSP_KEK, or `<dataDir>/kek`. It wrapped
 * every data key directly, so every wrapped key PostgreSQL ever wrote (dead tuples, WAL) opens
 * with it. At start-up its keys are re-wrapped into the keyring and its derived secrets stored
 * there; then the file is destroyed (`destroyLegacyKekFile`). CUSP_KEK the operator removes.
 */
export interface LegacyKek {
  kek: Buffer;
  /** Where it came from: `CUSP_KEK`, or the file's path. */
  source: string;
  /** The file to destroy after the migration (unset for CUSP_KEK). */
  file?: string;
}

export function findLegacyKek(opts: {
  kekBase64?: string | undefined;
  dataDir: string;
}): LegacyKek | undefined {
  if (opts.kekBase64) return { kek: decodeKek(opts.kekBase64, 'CUSP_KEK'), source: 'CUSP_KEK' };
  const file = join(opts.dataDir, 'kek');
  if (!existsSync(file)) return undefined;
  return { kek: decodeKek(readFileSync(file, 'utf8').trim(), file), source: file, file };
}

export async function destroyLegacyKekFile(legacy: LegacyKek): Promise<void> {
  if (legacy.file) await shredFile(legacy.file);
}

function decodeKek(b64: string, source: string): Buffer {
  const kek = Buffer.from(b64, 'base64');
  if (kek.length !== 32) throw new Error(`${source}: the key must be 32 bytes in base64`);
  return kek;
}
