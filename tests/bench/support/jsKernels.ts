/** Plain JavaScript counterparts of the wasm kernels (benchmark baselines, G3/G4). */
import { areaWeightedNormals } from '../../../web/src/viewer/mesh/gridNormals';

/** Binary STL → triangle soup positions with a DataView (the fastest plain-JS reader here). */
export function jsStlPositions(bytes: Uint8Array): Float32Array {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = dv.getUint32(80, true);
  if (84 + 50 * n > bytes.length) throw new Error('truncated');
  const out = new Float32Array(n * 9);
  for (let t = 0; t < n; t++) {
    const r = 84 + t * 50 + 12;
    const o = t * 9;
    for (let k = 0; k < 9; k++) {
      const v = dv.getFloat32(r + k * 4, true);
      if (!Number.isFinite(v)) throw new Error('NaN');
      out[o + k] = v;
    }
  }
  return out;
}

/** Area-weighted vertex normals of an indexed mesh: the page's own JS kernel (same sums as wasm). */
export function jsVertexNormals(pos: Float32Array, idx: Uint32Array): Float32Array {
  return areaWeightedNormals(pos, 3, idx);
}
