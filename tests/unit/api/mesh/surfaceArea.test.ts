import { describe, expect, it } from 'vitest';
import {
  binaryStlHasArea,
  indexedMeshHasArea,
  triangleHasArea,
} from '../../../../api/src/mesh/surfaceArea.js';

function stl(triangles: number[][]): Uint8Array {
  const out = Buffer.alloc(84 + 50 * triangles.length);
  out.writeUInt32LE(triangles.length, 80);
  triangles.forEach((t, i) => t.forEach((v, k) => out.writeFloatLE(v, 84 + 50 * i + 12 + 4 * k)));
  return out;
}

describe('surfaceArea', () => {
  it('finds area in an ordinary triangle, at any scale', () => {
    expect(triangleHasArea(0, 0, 0, 1, 0, 0, 0, 1, 0)).toBe(true);
    expect(triangleHasArea(0, 0, 0, 1e-3, 0, 0, 0, 1e-3, 0)).toBe(true);
    expect(triangleHasArea(1e4, 1e4, 1e4, 1e4 + 50, 1e4, 1e4, 1e4, 1e4 + 50, 1e4)).toBe(true);
  });

  it('finds none in a triangle of coinciding or collinear points', () => {
    expect(triangleHasArea(1, 2, 3, 1, 2, 3, 1, 2, 3)).toBe(false);
    expect(triangleHasArea(0, 0, 0, 1, 1, 1, 2, 2, 2)).toBe(false);
    // Collinear after float32 rounding: 0.1 steps along one direction.
    const f = Math.fround;
    expect(
      triangleHasArea(f(0.1), f(0.2), f(0.3), f(0.2), f(0.4), f(0.6), f(0.3), f(0.6), f(0.9)),
    ).toBe(false);
  });

  it('says a binary STL of zero-area triangles has no surface, and one good triangle has', () => {
    const flat = [
      [0, 0, 0, 1, 1, 1, 2, 2, 2],
      [5, 5, 5, 5, 5, 5, 5, 5, 5],
    ];
    expect(binaryStlHasArea(stl(flat))).toBe(false);
    expect(binaryStlHasArea(stl([...flat, [0, 0, 0, 1, 0, 0, 0, 1, 0]]))).toBe(true);
    expect(binaryStlHasArea(stl([]))).toBe(false);
  });

  it('reads indexed meshes through their indices', () => {
    const line = new Float32Array([0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0]);
    expect(indexedMeshHasArea(line, new Uint32Array([0, 1, 2, 1, 2, 3]))).toBe(false);
    const corner = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(indexedMeshHasArea(corner, new Uint32Array([0, 1, 2]))).toBe(true);
    expect(indexedMeshHasArea(corner, null)).toBe(true);
  });
});
