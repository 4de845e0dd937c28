/**
 * The view worker's thumbnail job: every model of one project version, parsed and
 * drawn in one frame by `renderThumbnail`. Runs in the view worker thread (`viewWorker.ts`), one
 * job at a time, with a mesh module of its own.
 */
import type { MeshModule } from '../../../wasm/src/core.js';
import { MeshError } from '../../../wasm/src/errors.js';
import { loadMeshModule } from '../../../wasm/src/node.js';
import { renderThumbnail } from './thumbnail.js';
import type { ViewFailure } from './viewBuild.js';

let meshModule: Promise<MeshModule> | undefined;

export interface ThumbnailRequest {
  id: number;
  kind: 'thumbnail';
  /** Plaintext of each stored original (STL or PLY) of the version; buffers transferred. */
  models: Uint8Array[];
}

export type ThumbnailResponse =
  | { id: number; ok: true; result: { png: Uint8Array } }
  | { id: number; ok: false; error: ViewFailure };

export const isThumbnailRequest = (req: { id: number }): req is ThumbnailRequest =>
  (req as Partial<ThumbnailRequest>).kind === 'thumbnail';

/** Renders the PNG of a version's models in the calling thread. */
export async function buildThumbnailPng(models: readonly Uint8Array[]): Promise<Uint8Array> {
  const m = await (meshModule ??= loadMeshModule());
  const meshes = models.map((bytes) => {
    const r = m.parseMesh(bytes, { normals: false });
    return { positions: r.positions, indices: r.indices ?? null };
  });
  return renderThumbnail(m, meshes).png;
}

/** Runs one request; never throws. The PNG's buffer is listed for transfer. */
export async function handleThumbnailRequest(
  req: ThumbnailRequest,
): Promise<{ response: ThumbnailResponse; transfer: ArrayBuffer[] }> {
  try {
    const png = await buildThumbnailPng(req.models);
    const transfer = png.buffer instanceof ArrayBuffer ? [png.buffer] : [];
    return { response: { id: req.id, ok: true, result: { png } }, transfer };
  } catch (e) {
    const error: ViewFailure =
      e instanceof MeshError
        ? { kind: 'mesh', error: e.toJSON() }
        : { kind: 'other', message: e instanceof Error ? e.message : String(e) };
    return { response: { id: req.id, ok: false, error }, transfer: [] };
  }
}
