/**
 * Area-weighted vertex normals in plain JavaScript — the same sums as the wasm mesh module's
 * kernels (wasm/assembly/mesh.ts): each triangle adds its unnormalised cross product (twice its
 * area) to its corners, then every sum is scaled to unit length (a zero sum stays zero).
 *
 * Only the page's own thread uses it (pageDecodeTools.ts: the first frame, whose coarse levels
 * are a few thousand triangles and for which the wasm module's download would be a round trip;
 * the no-worker fallback). Everything else decodes with the wasm module in the decode worker. The
 * wasm benchmark measures the kernels against it (tests/bench/wasm.bench.ts).
 */
import { ViewMeshError } from './viewMeshError';

/**
 * Normals of `positions` read `stride` values per vertex (x, y, z first), `indices` three per
 * triangle; throws ViewMeshError when an index is out of range.
 */
export function areaWeightedNormals(
  positions: ArrayLike<number>,
  stride: number,
  indices: ArrayLike<number>,
): Float32Array {
  const vertices = Math.floor(positions.length / stride);
  const out = new Float32Array(vertices * 3);
  const n = indices.length - (indices.length % 3);
  for (let i = 0; i < n; i++) {
    if (indices[i]! >= vertices) throw new ViewMeshError('a triangle index is out of range');
  }
  for (let t = 0; t < n; t += 3) {
    const ia = indices[t]!,
      ib = indices[t + 1]!,
      ic = indices[t + 2]!;
    const a = ia * stride,
      b = ib * stride,
      c = ic * stride;
    const ax = positions[a]!,
      ay = positions[a + 1]!,
      az = positions[a + 2]!;
    const ux = positions[b]! - ax,
      uy = positions[b + 1]! - ay,
      uz = positions[b + 2]! - az;
    const vx = positions[c]! - ax,
      vy = positions[c + 1]! - ay,
      vz = positions[c + 2]! - az;
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
    if (len > 0) {
      out[o] = x / len;
      out[o + 1] = y / len;
      out[o + 2] = z / len;
    }
  }
  return out;
}

/** The view derivative's quantised grid: uint16 x, y, z + padding per vertex. */
export function gridNormalsJs(
  positions: Uint16Array,
  indices: Uint16Array | Uint32Array,
): Float32Array {
  return areaWeightedNormals(positions, 4, indices);
}

function addTo(out: Float32Array, o: number, x: number, y: number, z: number): void {
  out[o] = out[o]! + x;
  out[o + 1] = out[o + 1]! + y;
  out[o + 2] = out[o + 2]! + z;
}
