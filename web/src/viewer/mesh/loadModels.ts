/**
 * Downloads and decodes a project's models with bounded concurrency, reporting each model as it
 * finishes (the overlay's "X of N models loaded"). A model that fails is reported, not thrown:
 * the others still load.
 */
import { takeModel } from '../boot/prefetch';
import { decodeModelBytes, warmUpDecoder, type ViewMesh } from './viewMesh';

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

/** Status of a failed fetch; spec §7: file fetch failures throw 'HTTP {status}'. */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** The bytes of a URL; a request the entry chunk already started for it is taken over. */
export async function fetchBytes(url: string, init: RequestInit = {}): Promise<ArrayBuffer> {
  const res = await (takeModel(url) ?? fetch(url, init));
  if (!res.ok) throw new HttpError(res.status);
  return res.arrayBuffer();
}

async function loadOne(model: LoadableModel, init: RequestInit): Promise<ViewMesh> {
  if (model.urls.length === 0) throw new Error('layer has no file');
  let lastError: unknown;
  for (const url of model.urls) {
    try {
      return await decodeModelBytes(await fetchBytes(url, init));
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
  options: { concurrency?: number; init?: RequestInit } = {},
): Promise<void> {
  void warmUpDecoder();
  const queue = [...models];
  const init = options.init ?? {};
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      const model = m;
      try {
        callbacks.onLoaded(model.id, await loadOne(model, init));
      } catch (err) {
        if (init.signal?.aborted) return;
        callbacks.onFailed(model.id, model.name, err);
      }
    }
  };
  const n = Math.max(1, Math.min(options.concurrency ?? 4, models.length));
  await Promise.all(Array.from({ length: n }, worker));
}
