/**
 * Main-thread side of decode.worker.ts: `decodeUrl` has a model downloaded and decoded there and
 * answers its arrays. One worker serves every model; on a viewer link it starts from the page's
 * head (viewer/boot/early.ts), else with the first request. Where a worker cannot start (blocked
 * by policy, very old browser) the same code runs inline (pageDecodeTools.ts).
 */
import { decodeModel, type DecodedModel } from './modelDecode';
import type { DecodeRequest, DecodeResponse } from './decode.worker';
import { decodeDownloaded, fetchModel, type DownloadedModel } from './fetchModel';
import { pageDecodeTools } from './pageDecodeTools';
import { ViewMeshError } from './viewMeshError';
import { pageShared } from '../boot/pageShared';

/** Status of a failed fetch: file fetch failures throw 'HTTP {status}'. */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/**
 * The status of an HttpError, from either copy of this code a page may run (boot/pageShared.ts:
 * `instanceof` tells them apart); undefined for any other error.
 */
export function httpStatusOf(err: unknown): number | undefined {
  if (!(err instanceof Error) || err.name !== 'HttpError') return undefined;
  const status = (err as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

interface DecodeClientState {
  worker: Worker | null | undefined;
  nextId: number;
  pending: Map<number, { resolve: (m: DecodedModel) => void; reject: (e: Error) => void }>;
}

/** One worker per page, whichever copy of this code starts it (boot/pageShared.ts). */
const shared = pageShared<DecodeClientState>('decodeClient', () => ({
  worker: undefined,
  nextId: 1,
  pending: new Map(),
}));

/** The decode worker, started on first use; null where none can run. */
export function startDecodeWorker(): Worker | null {
  if (shared.worker !== undefined) return shared.worker;
  try {
    shared.worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module' });
    shared.worker.onmessage = (e: MessageEvent<DecodeResponse>) => {
      const r = e.data;
      const done = shared.pending.get(r.id);
      shared.pending.delete(r.id);
      if (!done) return;
      if ('model' in r) done.resolve(r.model);
      else if ('status' in r) done.reject(new HttpError(r.status));
      else done.reject(new ViewMeshError(r.error));
    };
    shared.worker.onerror = () => {
      shared.worker?.terminate();
      shared.worker = null;
      for (const [, done] of shared.pending) done.reject(new Error('decode worker failed'));
      shared.pending.clear();
    };
  } catch {
    shared.worker = null;
  }
  return shared.worker;
}

/** Decodes on this thread (no worker can run), with the first frame's decoders. */
async function decodeHere(bytes: ArrayBuffer): Promise<DecodedModel> {
  return decodeModel(bytes, await pageDecodeTools());
}

async function decodeInline(url: string, headers: Record<string, string>): Promise<DecodedModel> {
  const r = await fetchModel(url, headers, decodeHere);
  if ('status' in r) throw new HttpError(r.status);
  return r.model;
}

function ask(w: Worker, req: DecodeRequest, transfer: Transferable[] = []): Promise<DecodedModel> {
  return new Promise<DecodedModel>((resolve, reject) => {
    shared.pending.set(req.id, { resolve, reject });
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
  return ask(w, { id: shared.nextId++, downloaded: d }, [d.bytes]);
}

/** Downloads and decodes a model (view derivative or binary STL). */
export function decodeUrl(
  url: string,
  headers: Record<string, string> = {},
): Promise<DecodedModel> {
  const w = startDecodeWorker();
  if (!w) return decodeInline(url, headers);
  return ask(w, { id: shared.nextId++, url, headers });
}
