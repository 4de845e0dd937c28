/**
 * Storage of view derivatives beside the original files: the brotli-compressed GLB, encrypted
 * with the project's key like every blob, under `<original blob key>-view`, and for a model over
 * 50k triangles its coarse level under `<original blob key>-view-coarse`. Built on upload
 * (`prebuildViews` → `ensureViewDerivative`) and, for files stored before that or whose
 * upload-time build failed, on the first view request (`ensureViewDerivative`), at most one build
 * per blob at a time. The original is decrypted here (streamed); the build itself (parse, weld,
 * quantise, meshopt, brotli) runs in the view worker (`deps.views`).
 */
import { Readable } from 'node:stream';
import { MeshError } from '../../../wasm/src/errors.js';
import {
  coarseViewBlobKey,
  unavailableViewBlobKey,
  viewBlobKey,
  type BlobStore,
} from '../blobs/blobStore.js';
import { openDecrypted, putEncrypted, type DataKey } from '../blobs/encrypted.js';
import type { ViewLod } from '../domain/viewLevels.js';
import { Unprocessable } from '../errors.js';
import { ViewDerivativeError, type ViewDerivativeStats } from './viewDerivative.js';
import type { ViewBuilder } from './viewWorkerPool.js';

/** What storing a derivative needs from the app's dependencies (a subset of `AppDeps`). */
export interface ViewStoreDeps {
  blobs: BlobStore;
  views: Pick<ViewBuilder, 'build'>;
}

export async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Builds the derivative of one stored original and stores it encrypted beside it; returns the
 * build stats for logging. `original` (its plaintext, if the caller has it) is handed over to the
 * worker and must not be used afterwards.
 */
export async function storeViewDerivative(
  deps: ViewStoreDeps,
  originalBlobKey: string,
  dataKey: DataKey,
  original?: Uint8Array,
): Promise<ViewDerivativeStats> {
  const bytes =
    original ?? (await readAll(await openDecrypted(deps.blobs, originalBlobKey, dataKey)));
  const d = await deps.views.build(bytes);
  // The coarse level first: once the full one exists, so does the coarse one (when there is one).
  if (d.coarse) {
    const key = coarseViewBlobKey(originalBlobKey);
    await putEncrypted(deps.blobs, key, Readable.from([d.coarse.br]), dataKey);
  }
  await putEncrypted(deps.blobs, viewBlobKey(originalBlobKey), Readable.from([d.br]), dataKey);
  return d.stats;
}

const building = new Map<string, Promise<unknown>>();

/** A model whose file cannot make a view (422 `view_unavailable`, never a 500). */
export class ViewUnavailable extends Unprocessable {
  constructor() {
    super('This model cannot be shown: its mesh has no surface to draw', 'view_unavailable');
  }
}

/**
 * The originals among `blobKeys` whose view could not be built (the marker a failed build left):
 * answers mark those models, and the viewer does not ask for them.
 */
export async function unviewableOriginals(
  blobs: BlobStore,
  blobKeys: readonly string[],
): Promise<Set<string>> {
  const marked = await Promise.all(
    blobKeys.map((key) => blobs.exists(unavailableViewBlobKey(key))),
  );
  return new Set(blobKeys.filter((_, i) => marked[i]));
}

/**
 * Makes sure the derivative exists (building it once if missing); resolves to its blob key.
 * A build that fails on the file itself is recorded beside it (`unavailableViewBlobKey`), so
 * later requests answer `ViewUnavailable` at once instead of failing the build again.
 */
export async function ensureViewDerivative(
  deps: ViewStoreDeps,
  originalBlobKey: string,
  dataKey: DataKey,
): Promise<string> {
  const key = viewBlobKey(originalBlobKey);
  if (await deps.blobs.exists(key)) return key;
  const marker = unavailableViewBlobKey(originalBlobKey);
  if (await deps.blobs.exists(marker)) throw new ViewUnavailable();
  let job = building.get(key);
  if (!job) {
    job = storeViewDerivative(deps, originalBlobKey, dataKey)
      .catch(async (err: unknown) => {
        if (!(err instanceof ViewDerivativeError || err instanceof MeshError)) throw err;
        await putEncrypted(deps.blobs, marker, Readable.from([Buffer.alloc(0)]), dataKey);
        throw new ViewUnavailable();
      })
      .finally(() => building.delete(key));
    building.set(key, job);
  }
  await job;
  return key;
}

/**
 * The blob key of the level asked for, building the derivative once if missing. A coarse level
 * that does not exist (a small model, or a derivative stored before coarse levels) answers the
 * full one: the caller learns which from `lod`.
 */
export async function ensureViewLevel(
  deps: ViewStoreDeps,
  originalBlobKey: string,
  dataKey: DataKey,
  lod: ViewLod,
): Promise<{ key: string; lod: ViewLod }> {
  const full = await ensureViewDerivative(deps, originalBlobKey, dataKey);
  const coarse = coarseViewBlobKey(originalBlobKey);
  if (lod === 'coarse' && (await deps.blobs.exists(coarse))) return { key: coarse, lod };
  return { key: full, lod: 'full' };
}
