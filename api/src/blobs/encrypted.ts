import { pipeline } from 'node:stream/promises';
import { PassThrough, pipeline as pipelineCb, type Duplex, type Readable } from 'node:stream';
import type { BlobStore } from './blobStore.js';
import { DecryptStream, EncryptStream } from './chunkCipher.js';

export interface DataKey {
  key: Buffer;
  version: number;
}

/** The blob key is the AAD context: a blob copied under another key no longer opens. */
const contextOf = (blobKey: string) => Buffer.from(`blob\u0000${blobKey}`, 'utf8');

/**
 * Encrypts `plaintext` with the data key while writing it to the store; memory stays at a few
 * chunks whatever the size. `stages` (checks, hashes) run on the plaintext before encryption, in
 * the same `pipeline`: a failure anywhere — the source destroyed by a client gone, a stage's
 * refusal, the store's error — tears every stream down and the store removes its partial write.
 * Resolves with the plaintext and stored sizes.
 */
export async function putEncrypted(
  store: BlobStore,
  blobKey: string,
  plaintext: Readable | AsyncIterable<Uint8Array>,
  dataKey: DataKey,
  stages: Duplex[] = [],
): Promise<{ plainBytes: number; storedBytes: number }> {
  const enc = new EncryptStream(dataKey.key, contextOf(blobKey), dataKey.version);
  const out = new PassThrough({ highWaterMark: 128 * 1024 });
  const writing = store.write(blobKey, out).catch((err: unknown) => {
    // The writer is gone: stop the producer too, or it would wait on back-pressure forever.
    enc.destroy(err as Error);
    throw err;
  });
  // Both sides settle before we answer, so a failed upload has removed its temp file by then.
  const [piped, written] = await Promise.allSettled([
    pipeline([
      // `pipeline` takes an async iterable as its source (its types only name streams).
      plaintext as NodeJS.ReadableStream,
      ...stages,
      enc,
      out,
    ]),
    writing,
  ]);
  if (piped.status === 'rejected') {
    if (written.status === 'fulfilled') await store.delete(blobKey);
    // A pipeline that merely broke off because the store stopped reading reports the store's
    // error (e.g. an outage → 503), not "premature close" or "aborted".
    if (written.status === 'rejected' && brokeOff(piped.reason)) throw written.reason;
    throw piped.reason;
  }
  if (written.status === 'rejected') throw written.reason;
  return { plainBytes: enc.plainBytes, storedBytes: written.value.bytes };
}

/** The decrypted blob as a stream; a tampered chunk errors the stream before any of it is released. */
export async function openDecrypted(
  store: BlobStore,
  blobKey: string,
  dataKey: DataKey,
): Promise<Readable> {
  const source = await store.read(blobKey);
  const dec = new DecryptStream(dataKey.key, contextOf(blobKey));
  // Errors travel both ways: a reader that goes away (a closed download) destroys the store's
  // stream too, releasing its file or connection.
  pipelineCb(source, dec, () => {});
  return dec;
}

/** How `pipeline` fails when a stream of it is destroyed without an error of its own. */
const brokeOff = (err: unknown) => {
  const code = (err as { code?: string } | null)?.code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ABORT_ERR';
};
