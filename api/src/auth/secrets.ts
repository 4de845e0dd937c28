import { createHash, createHmac, randomBytes } from 'node:crypto';

/** Opaque 256-bit bearer/verification tokens: 43 base64url characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256: a fast hash is enough at 256 bits of entropy (ASVS 6.5.2). */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Keyed hash used to look canonical e-mail addresses up without storing them. */
export function emailLookup(key: Buffer, canonicalEmail: string): Buffer {
  return createHmac('sha256', key).update(canonicalEmail, 'utf8').digest();
}
