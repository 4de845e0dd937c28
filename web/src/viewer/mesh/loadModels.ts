/**
 * Downloads and decodes a project's models with bounded concurrency, reporting each model as it
 * finishes (the overlay's "X of N models loaded"). A model that fails is reported, not thrown:
 * the others still load. Downloads and decoding run in the decode worker; a model the entry
 * script already started (viewer/boot/prefetch.ts) is taken over.
 */
import { takeModel } from '../boot/prefetch';
import { HttpError, decodeUrl } from './decodeClient';
import { toViewMesh, type ViewMesh } from './viewMesh';

export interface LoadableModel {
  id: string;
  /** Display name, used in 'Failed to load {layer}'. */
  name: string;
  /** Candidate URLs in order of preference (derivative first, then the original file). */
  urls: string[];
}

export interface LoadCallbacks {
  onLoaded(id: string, mesh: ViewMesh): void;
  onFailed(id: string, name: string, error: unknown): void;
}

async function loadOne(model: LoadableModel, headers: Record<string, string>): Promise<ViewMesh> {
  if (model.urls.length === 0) throw new Error('layer has no file');
  let lastError: unknown;
  for (const url of model.urls) {
    try {
      return toViewMesh(await (takeModel(url) ?? decodeUrl(url, headers)));
    } catch (err) {
      lastError = err;
      // Only a missing derivative falls through to the original; other failures are final.
      if (!(err instanceof HttpError && err.status === 404)) break;
    }
  }
  throw lastError;
}

export async function loadModels(
  models: readonly LoadableModel[],
  callbacks: LoadCallbacks,
  options: { concurrency?: number; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<void> {
  const queue = [...models];
  const headers = options.headers ?? {};
  const run = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      const model = m;
      try {
        callbacks.onLoaded(model.id, await loadOne(model, headers));
      } catch (err) {
        if (options.signal?.aborted) return;
        callbacks.onFailed(model.id, model.name, err);
      }
    }
  };
  const n = Math.max(1, Math.min(options.concurrency ?? 4, models.length));
  await Promise.all(Array.from({ length: n }, run));
}
