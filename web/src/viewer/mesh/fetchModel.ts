/**
 * Downloads a model and has it decoded: the one path of the decode worker (decode.worker.ts) and
 * of the inline fallback where no worker can start (decodeClient.ts). The decoder is passed in,
 * so the request goes out at once while the fallback still loads its decoding code.
 */
import { VIEW_LOD_HEADER, type ViewLod } from '../../../../api/src/domain/viewLevels';
import type { DecodedModel } from './modelDecode';

/** The decoded model, or the HTTP status of a refused download (0: the request itself failed). */
export type FetchedModel = { model: DecodedModel } | { status: number };

/** A model's bytes as they came, with what the response said of them. */
export interface DownloadedModel {
  bytes: ArrayBuffer;
  /** A coarse level asked for is sent only where the model has one; the server says which. */
  lod: ViewLod;
  /** Where the download fell on this context's clock (epoch ms, comparable across threads). */
  download?: { start: number; end: number };
}

/** The bytes of a model, or the HTTP status of a refused download (0: the request failed). */
export async function downloadModel(
  url: string,
  headers: Record<string, string>,
): Promise<DownloadedModel | { status: number }> {
  let res: Response;
  let bytes: ArrayBuffer;
  try {
    res = await fetch(url, { headers });
    if (!res.ok) return { status: res.status };
    bytes = await res.arrayBuffer();
  } catch {
    return { status: 0 };
  }
  const out: DownloadedModel = {
    bytes,
    lod: res.headers.get(VIEW_LOD_HEADER) === 'coarse' ? 'coarse' : 'full',
  };
  // A worker's downloads are not in the page's resource timing: the viewer places them itself.
  const timing = performance.getEntriesByName(res.url, 'resource')[0] as
    PerformanceResourceTiming | undefined;
  if (timing) {
    out.download = {
      start: performance.timeOrigin + timing.startTime,
      end: performance.timeOrigin + timing.responseEnd,
    };
  }
  return out;
}

/** Decodes downloaded bytes, the model carrying its level and download times. */
export async function decodeDownloaded(
  d: DownloadedModel,
  decode: (bytes: ArrayBuffer) => Promise<DecodedModel>,
): Promise<DecodedModel> {
  const model = await decode(d.bytes);
  model.lod = d.lod;
  if (d.download) model.download = d.download;
  return model;
}

export async function fetchModel(
  url: string,
  headers: Record<string, string>,
  decode: (bytes: ArrayBuffer) => Promise<DecodedModel>,
): Promise<FetchedModel> {
  const d = await downloadModel(url, headers);
  if ('status' in d) return d;
  return { model: await decodeDownloaded(d, decode) };
}
