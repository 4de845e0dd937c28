import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** Opaque 256-bit bearer/verification tokens: 43 base64url characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256: a fast hash is enough at 256 bits of entropy (ASVS 6.5.2). */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * A purpose-bound secret derived from a key (HKDF-SHA-256). Installs from before the keyring
 * derived their secrets from the KEK; the keyring stores those values when it takes over
 * (`crypto/openKeyring.ts`), so lookups keep working after the KEK is destroyed.
 */
export function deriveSecret(kek: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', kek, Buffer.alloc(0), `cusp:${purpose}`, 32));
}

/** Keyed hash used to look canonical e-mail addresses up without storing them. */
export function emailLookup(key: Buffer, canonicalEmail: string): Buffer {
  return createHmac('sha256', key).update(canonicalEmail, 'utf8').digest();
}
