/**
 * Canonical vertex ids: every vertex at exactly the same position as an earlier one gets that
 * earlier vertex's id. A raw STL is a triangle soup (no vertex is shared) and a derivative can
 * hold duplicates where two vertices fell onto one grid point; the section outline joins its
 * segments through shared edges, so it needs these ids to see which edges are the same.
 */
import type { MeshArrays } from './meshArrays';

/** The bit pattern hashed for a coordinate: its integer value, or its float32 bits (±0 as one). */
function floatBits(positions: Float32Array): Uint32Array {
  return new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
}

export function weldMap(mesh: Pick<MeshArrays, 'positions' | 'stride' | 'vertexCount'>) {
  const { positions: p, stride, vertexCount: n } = mesh;
  const bits = p instanceof Float32Array ? floatBits(p) : p;
  const out = new Uint32Array(n);
  let size = 1;
  while (size < n * 2) size <<= 1;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  for (let v = 0; v < n; v++) {
    const o = v * stride;
    let x = bits[o]!;
    let y = bits[o + 1]!;
    let z = bits[o + 2]!;
    // -0 and +0 are the same position.
    if (x === 0x80000000 && p instanceof Float32Array) x = 0;
    if (y === 0x80000000 && p instanceof Float32Array) y = 0;
    if (z === 0x80000000 && p instanceof Float32Array) z = 0;
    let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    let slot = h & mask;
    for (;;) {
      const w = table[slot]!;
      if (w < 0) {
        table[slot] = v;
        out[v] = v;
        break;
      }
      const q = w * stride;
      if (p[q] === p[o] && p[q + 1] === p[o + 1] && p[q + 2] === p[o + 2]) {
        out[v] = w;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return out;
}
