/// <reference lib="webworker" />
/**
 * Downloads (or takes the page's download of) and decodes models off the main thread. On a
 * viewer link it is started by the first script (viewer/boot/early.ts; after the first frame
 * where the page draws one), before the app's code has arrived, and decodes each model the
 * moment its bytes are in — whatever the page's main thread is busy with then (evaluating
 * three.js, mounting the viewer). Arrays go back transferred, never copied.
 */
import { decodeTools } from './decodeTools';
import { decodeDownloaded, fetchModel, type DownloadedModel } from './fetchModel';
import { decodeModel, transferablesOf, type DecodedModel } from './modelDecode';

export type DecodeRequest =
  | {
      id: number;
      /** Same-origin URL of a view derivative or binary STL. */
      url: string;
      headers: Record<string, string>;
    }
  /** A model the page has downloaded itself (its bytes transferred). */
  | { id: number; downloaded: DownloadedModel };

export type DecodeResponse =
  | { id: number; model: DecodedModel }
  /** `status`: the HTTP status of a refused download (0 when the request itself failed). */
  | { id: number; status: number }
  | { id: number; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function handle(req: DecodeRequest): Promise<void> {
  try {
    const decode = async (bytes: ArrayBuffer) => decodeModel(bytes, await decodeTools());
    const r =
      'downloaded' in req
        ? { model: await decodeDownloaded(req.downloaded, decode) }
        : await fetchModel(req.url, req.headers, decode);
    if ('status' in r) {
      scope.postMessage({ id: req.id, status: r.status } satisfies DecodeResponse);
      return;
    }
    const reply: DecodeResponse = { id: req.id, model: r.model };
    scope.postMessage(reply, transferablesOf(r.model));
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    scope.postMessage({ id: req.id, error } satisfies DecodeResponse);
  }
}

// Compiled while the page's code downloads.
void decodeTools().catch(() => undefined);

scope.onmessage = (e: MessageEvent<DecodeRequest>) => {
  void handle(e.data);
};
