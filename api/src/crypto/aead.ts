import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256-GCM with a random 96-bit IV. Returns iv ‖ ciphertext ‖ tag. */
export function encrypt(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, ct, cipher.getAuthTag()]);
}

/** Inverse of `encrypt`; throws when the key, the AAD or any byte is wrong. */
export function decrypt(key: Buffer, box: Buffer, aad: Buffer): Buffer {
  if (box.length < 28) throw new Error('ciphertext too short');
  const iv = box.subarray(0, 12);
  const tag = box.subarray(box.length - 16);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(box.subarray(12, box.length - 16)), decipher.final()]);
}
