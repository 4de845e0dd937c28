/**
 * Downloads and decodes a project's models with bounded concurrency, reporting each model as it
 * finishes (the overlay's "X of N models loaded"). A model that fails is reported, not thrown:
 * the others still load. Downloads and decoding run in the decode worker; a model the entry
 * script already started (viewer/boot/prefetch.ts) is taken over.
 *
 * Progressive models: a model with a coarse level has it fetched first, and its full
 * level only once every coarse level has landed, so the small files are not slowed down by the
 * big ones sharing the link. A coarse level that fails is skipped: the full one still comes.
 */
import { takeModel } from '../boot/prefetch';
import { decodeUrl, httpStatusOf } from './decodeClient';
import type { DecodedModel } from './modelDecode';
import { toViewMesh, type ViewMesh } from './viewMesh';

export interface LoadableModel {
  id: string;
  /** Display name, used in 'Failed to load {layer}'. */
  name: string;
  /** Candidate URLs in order of preference (derivative first, then the original file). */
  urls: string[];
  /** URL of the coarse level, fetched before everything else; none for most models. */
  coarseUrl?: string;
}

export interface LoadCallbacks {
  /** The model itself (its full level). */
  onLoaded(id: string, mesh: ViewMesh): void;
  onFailed(id: string, name: string, error: unknown): void;
  /** A coarse level, to draw until `onLoaded` brings the full one; not called without it. */
  onCoarse?(id: string, mesh: ViewMesh): void;
}

/** The model's download and decode: the prefetched one if there is one, else a new request. */
function fetchDecoded(url: string, headers: Record<string, string>): Promise<DecodedModel> {
  return takeModel(url) ?? decodeUrl(url, headers);
}

async function loadOne(model: LoadableModel, headers: Record<string, string>): Promise<ViewMesh> {
  if (model.urls.length === 0) throw new Error('layer has no file');
  let lastError: unknown;
  for (const url of model.urls) {
    try {
      return toViewMesh(await fetchDecoded(url, headers));
    } catch (err) {
      lastError = err;
      // Only a missing derivative falls through to the original; other failures are final.
      if (httpStatusOf(err) !== 404) break;
    }
  }
  throw lastError;
}

/**
 * The coarse levels, all at once (each is ~100 kB at most). Resolves to the models whose answer
 * was already their full level (a derivative stored before coarse levels existed).
 */
async function loadCoarse(
  models: readonly LoadableModel[],
  callbacks: LoadCallbacks,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<Map<string, ViewMesh>> {
  const complete = new Map<string, ViewMesh>();
  await Promise.all(
    models.map(async (m) => {
      if (!m.coarseUrl) return;
      let mesh: ViewMesh;
      try {
        mesh = toViewMesh(await fetchDecoded(m.coarseUrl, headers));
      } catch {
        return;
      }
      if (signal?.aborted) mesh.geometry.dispose();
      else if (mesh.lod === 'full') complete.set(m.id, mesh);
      else callbacks.onCoarse?.(m.id, mesh);
    }),
  );
  return complete;
}

export async function loadModels(
  models: readonly LoadableModel[],
  callbacks: LoadCallbacks,
  options: { concurrency?: number; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<void> {
  const headers = options.headers ?? {};
  const coarse = loadCoarse(models, callbacks, headers, options.signal);
  // Models without a coarse level start at once; those with one after every coarse level.
  const queue = [...models].sort((a, b) => Number(!!a.coarseUrl) - Number(!!b.coarseUrl));
  const run = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      const model = m;
      try {
        const early = model.coarseUrl ? (await coarse).get(model.id) : undefined;
        callbacks.onLoaded(model.id, early ?? (await loadOne(model, headers)));
      } catch (err) {
        if (options.signal?.aborted) return;
        callbacks.onFailed(model.id, model.name, err);
      }
    }
  };
  const n = Math.max(1, Math.min(options.concurrency ?? 4, models.length));
  await Promise.all(Array.from({ length: n }, run));
}
