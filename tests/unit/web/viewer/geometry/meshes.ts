/** Small hand-made meshes with known sections, as the viewer's float arrays. */
import type { MeshArrays } from '../../../../../web/src/viewer/geometry/meshArrays';

export function floatMesh(positions: number[], indices?: number[]): MeshArrays {
  const p = Float32Array.from(positions);
  const vertexCount = p.length / 3;
  return {
    positions: p,
    stride: 3,
    unit: 1,
    indices: indices ? Uint32Array.from(indices) : undefined,
    vertexCount,
    triangleCount: indices ? indices.length / 3 : vertexCount / 3,
    offset: [0, 0, 0],
    scale: 1,
  };
}

/** Corner v of the unit cube: x = bit 0, y = bit 1, z = bit 2. */
const corner = (v: number) => [v & 1, (v >> 1) & 1, (v >> 2) & 1];

/** The unit cube [0, 1]³: 8 vertices, 12 triangles wound outwards, two per face in the order
 * z = 0, z = 1, y = 0, y = 1, x = 0, x = 1. */
export const CUBE_TRIANGLES = [
  [0, 2, 3],
  [0, 3, 1],
  [4, 5, 7],
  [4, 7, 6],
  [0, 1, 5],
  [0, 5, 4],
  [2, 6, 7],
  [2, 7, 3],
  [0, 4, 6],
  [0, 6, 2],
  [1, 3, 7],
  [1, 7, 5],
];

export function unitCube(): MeshArrays {
  return floatMesh(Array.from({ length: 8 }, (_, v) => corner(v)).flat(), CUBE_TRIANGLES.flat());
}

/** The same cube as a triangle soup (36 vertices, none shared), as a raw STL arrives. */
export function unitCubeSoup(): MeshArrays {
  return floatMesh(CUBE_TRIANGLES.flat().flatMap(corner));
}

/** The same cube indexed, but every triangle with vertices of its own (duplicates not welded). */
export function unitCubeDuplicated(): MeshArrays {
  const soup = unitCubeSoup();
  return floatMesh(
    Array.from(soup.positions),
    Array.from({ length: 36 }, (_, i) => i),
  );
}

/** An open flat sheet [0, 1]² at z = 0, n × n squares, each split into two triangles. */
export function flatSheet(n: number): MeshArrays {
  const pos: number[] = [];
  const idx: number[] = [];
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) pos.push(i / n, j / n, 0);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const a = j * (n + 1) + i;
      idx.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
    }
  }
  return floatMesh(pos, idx);
}
