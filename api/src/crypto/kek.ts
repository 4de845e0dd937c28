import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The key-encryption key: from CUSP_KEK, or generated once into `<dataDir>/kek` (mode 0600).
 * It never enters the database, so a database dump alone opens nothing.
 */
export function loadKek(opts: { kekBase64?: string | undefined; dataDir: string }): Buffer {
  if (opts.kekBase64) return decodeKek(opts.kekBase64, 'CUSP_KEK');
  const file = join(opts.dataDir, 'kek');
  if (existsSync(file)) return decodeKek(readFileSync(file, 'utf8').trim(), file);
  mkdirSync(dirname(file), { recursive: true });
  const kek = randomBytes(32);
  writeFileSync(file, kek.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  return kek;
}

function decodeKek(b64: string, source: string): Buffer {
  const kek = Buffer.from(b64, 'base64');
  if (kek.length !== 32) throw new Error(`${source}: the key must be 32 bytes in base64`);
  return kek;
}
