import { hkdfSync } from 'node:crypto';

/**
 * A purpose-bound secret derived from a key (HKDF-SHA-256). Installs from before the keyring
 * derived their secrets from the KEK; the keyring stores those values when it takes over
 * (`crypto/openKeyring.ts`), so lookups keep working after the KEK is destroyed.
 */
export function deriveSecret(kek: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', kek, Buffer.alloc(0), `cusp:${purpose}`, 32));
}
