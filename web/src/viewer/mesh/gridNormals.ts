/**
 * Area-weighted vertex normals of the view derivative's quantised grid in plain JavaScript — the
 * same sums as the wasm mesh module's `gridNormals` (wasm/assembly/mesh.ts): positions uint16
 * x, y, z + padding per vertex, the grid's scale uniform, so directions on it are the model's.
 *
 * Only the first frame uses it (boot/firstFrame.ts): its models are coarse levels of a few
 * thousand triangles, and the wasm module's download would be a round trip on that frame's path
 * (issue 20). Everything else decodes with the wasm module in the decode worker.
 */
import { ViewMeshError } from './viewMeshError';

export function gridNormalsJs(
  positions: Uint16Array,
  indices: Uint16Array | Uint32Array,
): Float32Array {
  const vertices = Math.floor(positions.length / 4);
  const out = new Float32Array(vertices * 3);
  const n = indices.length - (indices.length % 3);
  for (let i = 0; i < n; i++) {
    if (indices[i]! >= vertices) throw new ViewMeshError('a triangle index is out of range');
  }
  for (let t = 0; t < n; t += 3) {
    const ia = indices[t]!,
      ib = indices[t + 1]!,
      ic = indices[t + 2]!;
    const a = ia * 4,
      b = ib * 4,
      c = ic * 4;
    const ax = positions[a]!,
      ay = positions[a + 1]!,
      az = positions[a + 2]!;
    const ux = positions[b]! - ax,
      uy = positions[b + 1]! - ay,
      uz = positions[b + 2]! - az;
    const vx = positions[c]! - ax,
      vy = positions[c + 1]! - ay,
      vz = positions[c + 2]! - az;
    // Unnormalised cross product: its length is twice the area, which gives the weighting.
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    addTo(out, ia * 3, nx, ny, nz);
    addTo(out, ib * 3, nx, ny, nz);
    addTo(out, ic * 3, nx, ny, nz);
  }
  for (let o = 0; o < out.length; o += 3) {
    const x = out[o]!,
      y = out[o + 1]!,
      z = out[o + 2]!;
    const len = Math.sqrt(x * x + y * y + z * z);
    // A zero sum stays zero, as in the wasm module.
    if (len > 0) {
      out[o] = x / len;
      out[o + 1] = y / len;
      out[o + 2] = z / len;
    }
  }
  return out;
}

function addTo(out: Float32Array, o: number, x: number, y: number, z: number): void {
  out[o] = out[o]! + x;
  out[o + 1] = out[o + 1]! + y;
  out[o + 2] = out[o + 2]! + z;
}
