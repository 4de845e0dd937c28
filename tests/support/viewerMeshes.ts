/**
 * Models exactly as the viewer holds them, for the geometry engines' tests and benchmarks: the
 * server's view derivative (weld, reorder, 16-bit grid, meshopt) decoded by the viewer's own
 * decoder into its own geometry (toViewMesh), or a raw binary STL through the viewer's fallback.
 */
import { MeshoptDecoder } from 'meshoptimizer';
import { buildViewDerivative } from '../../api/src/mesh/viewDerivative';
import { meshArraysOf, type MeshArrays } from '../../web/src/viewer/geometry/meshArrays';
import { buildMeshIndex, type MeshIndex } from '../../web/src/viewer/geometry/meshIndex';
import { decodeModel, type DecodeTools } from '../../web/src/viewer/mesh/modelDecode';
import { toViewMesh, type ViewMesh } from '../../web/src/viewer/mesh/viewMesh';
import { loadMeshModule } from '../../wasm/src/node';
import { writeBinaryStl } from './meshFiles';

let tools: Promise<DecodeTools> | undefined;

function decodeTools(): Promise<DecodeTools> {
  tools ??= (async () => {
    const mod = await loadMeshModule();
    await MeshoptDecoder.ready;
    return { meshopt: MeshoptDecoder, gridNormals: (p, i) => mod.gridNormals(p, i) };
  })();
  return tools;
}

const bufferOf = (u8: Uint8Array) =>
  u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength) as ArrayBuffer;

export interface ViewerModel {
  view: ViewMesh;
  mesh: MeshArrays;
}

/** A mesh (soup or indexed) through the server's derivative and the viewer's decoder. */
export async function viewerModelFromDerivative(input: {
  positions: Float32Array;
  indices?: Uint32Array;
}): Promise<ViewerModel> {
  const derivative = await buildViewDerivative(input);
  const view = toViewMesh(decodeModel(bufferOf(derivative.glb), await decodeTools()));
  return { view, mesh: meshArraysOf(view.geometry, view) };
}

/** A triangle soup as a raw binary STL through the viewer's fallback decoder. */
export async function viewerModelFromStl(soup: Float32Array): Promise<ViewerModel> {
  const view = toViewMesh(decodeModel(bufferOf(writeBinaryStl(soup)), await decodeTools()));
  return { view, mesh: meshArraysOf(view.geometry, view) };
}

/** The model with its spatial index built on this thread. */
export function indexed(m: ViewerModel): ViewerModel & { index: MeshIndex } {
  return { ...m, index: buildMeshIndex(m.view.geometry, m.mesh) };
}
