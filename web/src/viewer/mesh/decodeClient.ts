/**
 * Main-thread side of decode.worker.ts: `decodeUrl` downloads a model and answers its decoded
 * arrays. One worker serves every model and starts with the first request (on a viewer link, from
 * the entry script). Where a worker cannot start (blocked by policy, very old browser) the same
 * code runs inline, loaded on demand.
 */
import type { DecodedModel } from './modelDecode';
import type { DecodeRequest, DecodeResponse } from './decode.worker';
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

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<DecodeResponse>) => {
      const done = pending.get(e.data.id);
      pending.delete(e.data.id);
      if (!done) return;
      const r = e.data;
      if ('model' in r) done.resolve(r.model);
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

async function decodeInline(bytes: ArrayBuffer): Promise<DecodedModel> {
  const [{ decodeTools }, { decodeModel }] = await Promise.all([
    import('./decodeTools'),
    import('./modelDecode'),
  ]);
  return decodeModel(bytes, await decodeTools());
}

function decodeBytes(bytes: ArrayBuffer): Promise<DecodedModel> {
  const w = getWorker();
  if (!w) return decodeInline(bytes);
  const id = nextId++;
  return new Promise<DecodedModel>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, bytes } satisfies DecodeRequest, [bytes]);
  });
}

/** Downloads and decodes a model (view derivative or binary STL). */
export async function decodeUrl(
  url: string,
  headers: Record<string, string> = {},
): Promise<DecodedModel> {
  // The worker starts now, while the download runs.
  getWorker();
  const res = await fetch(url, { headers });
  if (!res.ok) throw new HttpError(res.status);
  return decodeBytes(await res.arrayBuffer());
}
