/**
 * Main-thread side of decode.worker.ts: `decodeUrl` has a model downloaded and decoded there and
 * answers its arrays. One worker serves every model; on a viewer link it starts from the page's
 * head (viewer/boot/early.ts), else with the first request. Where a worker cannot start (blocked
 * by policy, very old browser) the same code runs inline, its wasm glue loaded on demand.
 */
import { decodeModel, type DecodedModel } from './modelDecode';
import type { DecodeRequest, DecodeResponse } from './decode.worker';
import { decodeDownloaded, fetchModel, type DownloadedModel } from './fetchModel';
import { ViewMeshError } from './viewMeshError';

/** Status of a failed fetch; spec §7: file fetch failures throw 'HTTP {status}'. */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (m: DecodedModel) => void; reject: (e: Error) => void }
>();

/** The decode worker, started on first use; null where none can run. */
export function startDecodeWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<DecodeResponse>) => {
      const r = e.data;
      const done = pending.get(r.id);
      pending.delete(r.id);
      if (!done) return;
      if ('model' in r) done.resolve(r.model);
      else if ('status' in r) done.reject(new HttpError(r.status));
      else done.reject(new ViewMeshError(r.error));
    };
    worker.onerror = () => {
      worker?.terminate();
      worker = null;
      for (const [, done] of pending) done.reject(new Error('decode worker failed'));
      pending.clear();
    };
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * Decodes on this thread (no worker can run). The wasm module's glue loads only where this runs;
 * `decodeModel` is in the first frame's chunk anyway (boot/firstFrame.ts).
 */
async function decodeHere(bytes: ArrayBuffer): Promise<DecodedModel> {
  const { decodeTools } = await import('./decodeTools');
  return decodeModel(bytes, await decodeTools());
}

async function decodeInline(url: string, headers: Record<string, string>): Promise<DecodedModel> {
  const r = await fetchModel(url, headers, decodeHere);
  if ('status' in r) throw new HttpError(r.status);
  return r.model;
}

function ask(w: Worker, req: DecodeRequest, transfer: Transferable[] = []): Promise<DecodedModel> {
  return new Promise<DecodedModel>((resolve, reject) => {
    pending.set(req.id, { resolve, reject });
    w.postMessage(req, transfer);
  });
}

/** Decodes a model this page has downloaded itself, in the decode worker where there is one. */
export async function decodeDownload(
  download: Promise<DownloadedModel | { status: number }>,
): Promise<DecodedModel> {
  const d = await download;
  if ('status' in d) throw new HttpError(d.status);
  const w = startDecodeWorker();
  if (!w) return decodeDownloaded(d, decodeHere);
  return ask(w, { id: nextId++, downloaded: d }, [d.bytes]);
}

/** Downloads and decodes a model (view derivative or binary STL). */
export function decodeUrl(
  url: string,
  headers: Record<string, string> = {},
): Promise<DecodedModel> {
  const w = startDecodeWorker();
  if (!w) return decodeInline(url, headers);
  return ask(w, { id: nextId++, url, headers });
}
