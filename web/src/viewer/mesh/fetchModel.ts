/**
 * Downloads a model and has it decoded: the one path of the decode worker (decode.worker.ts) and
 * of the inline fallback where no worker can start (decodeClient.ts). The decoder is passed in,
 * so the request goes out at once while the fallback still loads its decoding code.
 */
import { VIEW_LOD_HEADER } from '../../../../api/src/domain/viewLevels';
import type { DecodedModel } from './modelDecode';

/** The decoded model, or the HTTP status of a refused download (0: the request itself failed). */
export type FetchedModel = { model: DecodedModel } | { status: number };

export async function fetchModel(
  url: string,
  headers: Record<string, string>,
  decode: (bytes: ArrayBuffer) => Promise<DecodedModel>,
): Promise<FetchedModel> {
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch {
    return { status: 0 };
  }
  if (!res.ok) return { status: res.status };
  const model = await decode(await res.arrayBuffer());
  // A coarse level asked for is sent only where the model has one; the server says which.
  model.lod = res.headers.get(VIEW_LOD_HEADER) === 'coarse' ? 'coarse' : 'full';
  // Where the download fell on this context's clock (epoch ms, comparable across threads): a
  // worker's downloads are not in the page's resource timing.
  const timing = performance.getEntriesByName(res.url, 'resource')[0] as
    PerformanceResourceTiming | undefined;
  if (timing) {
    model.download = {
      start: performance.timeOrigin + timing.startTime,
      end: performance.timeOrigin + timing.responseEnd,
    };
  }
  return { model };
}
