import { decrypt, encrypt } from './aead.js';
import type { EpochRef } from './keyVault.js';

/**
 * Wrapping of data keys (AES-256-GCM). The AAD binds a wrapped key to its subject, bucket and
 * epoch, so a row copied to another subject or slot does not open.
 */
const aad = (subjectId: string, ref: EpochRef) =>
  Buffer.from(`cusp-dk\u0000${subjectId}\u0000${ref.bucket}\u0000${ref.epoch}`, 'utf8');

export function wrapDataKey(
  epochKey: Buffer,
  dataKey: Buffer,
  subjectId: string,
  ref: EpochRef,
): Buffer {
  return encrypt(epochKey, dataKey, aad(subjectId, ref));
}

/** Throws when the epoch key, the subject, the slot or any byte is wrong. */
export function unwrapDataKey(
  epochKey: Buffer,
  wrapped: Uint8Array,
  subjectId: string,
  ref: EpochRef,
): Buffer {
  return decrypt(epochKey, Buffer.from(wrapped), aad(subjectId, ref));
}

/** Keys written before the keyring: wrapped by the single legacy KEK (migrated at start-up). */
export function unwrapLegacyDataKey(kek: Buffer, wrapped: Uint8Array, subjectId: string): Buffer {
  return decrypt(kek, Buffer.from(wrapped), Buffer.from(`kek\u0000${subjectId}`));
}
