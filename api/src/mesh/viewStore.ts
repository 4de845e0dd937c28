/**
 * Storage of view derivatives beside the original files: the brotli-compressed GLB, encrypted
 * with the project's key like every blob, under `<original blob key>-view`. Built on upload
 * (`storeViewDerivative`) and, for files stored before that or when the upload-time build failed,
 * on the first view request (`ensureViewDerivative`), at most one build per blob at a time.
 */
import { Readable } from 'node:stream';
import { loadMeshModule } from '../../../wasm/src/node.js';
import type { MeshModule } from '../../../wasm/src/core.js';
import { viewBlobKey, type BlobStore } from '../blobs/blobStore.js';
import { openDecrypted, putEncrypted, type DataKey } from '../blobs/encrypted.js';
import {
  buildViewDerivative,
  type ValidatedMesh,
  type ViewDerivativeStats,
} from './viewDerivative.js';

let meshModule: Promise<MeshModule> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Parses a stored (sanitised) STL or PLY with the wasm module; calls are serialised. */
export function parseStoredMesh(bytes: Uint8Array): Promise<ValidatedMesh> {
  const run = async (): Promise<ValidatedMesh> => {
    const m = await (meshModule ??= loadMeshModule());
    const r = m.parseMesh(bytes, { normals: false });
    return {
      positions: r.positions,
      ...(r.indices ? { indices: r.indices } : {}),
      ...(r.colors ? { colors: r.colors } : {}),
    };
  };
  const p = queue.then(run, run);
  queue = p.catch(() => undefined);
  return p;
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Builds the derivative of one stored original and stores it encrypted beside it. Call after the
 * original's blob is written (upload route); returns the build stats for logging.
 */
export async function storeViewDerivative(
  blobs: BlobStore,
  originalBlobKey: string,
  dataKey: DataKey,
  original?: Uint8Array,
): Promise<ViewDerivativeStats> {
  const bytes = original ?? (await readAll(await openDecrypted(blobs, originalBlobKey, dataKey)));
  const d = await buildViewDerivative(await parseStoredMesh(bytes));
  await putEncrypted(blobs, viewBlobKey(originalBlobKey), Readable.from([d.br]), dataKey);
  return d.stats;
}

const building = new Map<string, Promise<unknown>>();

/** Makes sure the derivative exists (building it once if missing); resolves to its blob key. */
export async function ensureViewDerivative(
  blobs: BlobStore,
  originalBlobKey: string,
  dataKey: DataKey,
): Promise<string> {
  const key = viewBlobKey(originalBlobKey);
  if (await blobs.exists(key)) return key;
  let job = building.get(key);
  if (!job) {
    job = storeViewDerivative(blobs, originalBlobKey, dataKey).finally(() => building.delete(key));
    building.set(key, job);
  }
  await job;
  return key;
}
