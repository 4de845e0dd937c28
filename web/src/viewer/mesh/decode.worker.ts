/// <reference lib="webworker" />
/**
 * Decodes models off the main thread: started by the entry script on a viewer link
 * (viewer/boot/prefetch.ts), it decodes and computes normals while the page is still compiling
 * its code and mounting. Bytes come in and arrays go back transferred, never copied. (The page
 * downloads them itself: its requests are the ones the browser prioritises, throttles and shows
 * in its network log.)
 */
import { decodeTools } from './decodeTools';
import { decodeModel, transferablesOf, type DecodedModel } from './modelDecode';

export interface DecodeRequest {
  id: number;
  bytes: ArrayBuffer;
}

export type DecodeResponse = { id: number; model: DecodedModel } | { id: number; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function handle(req: DecodeRequest): Promise<void> {
  try {
    const model = decodeModel(req.bytes, await decodeTools());
    scope.postMessage({ id: req.id, model } satisfies DecodeResponse, transferablesOf(model));
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    scope.postMessage({ id: req.id, error } satisfies DecodeResponse);
  }
}

// Compiled while the first model downloads.
void decodeTools().catch(() => undefined);

scope.onmessage = (e: MessageEvent<DecodeRequest>) => {
  void handle(e.data);
};
