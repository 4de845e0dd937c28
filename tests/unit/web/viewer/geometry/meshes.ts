/** Small hand-made meshes with known sections, as the viewer's float arrays. */
import type { MeshArrays } from '../../../../../web/src/viewer/geometry/meshArrays';
import { BOX_TRIANGLES, boxCorners } from '../../../../support/box';

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

/** The unit cube's triangles (see `tests/support/box.ts`). */
export const CUBE_TRIANGLES = BOX_TRIANGLES;

const UNIT_CORNERS = boxCorners([0, 0, 0], [1, 1, 1]);

export function unitCube(): MeshArrays {
  return floatMesh(UNIT_CORNERS, CUBE_TRIANGLES.flat());
}

/** The same cube as a triangle soup (36 vertices, none shared), as a raw STL arrives. */
export function unitCubeSoup(): MeshArrays {
  return floatMesh(CUBE_TRIANGLES.flat().flatMap((v) => UNIT_CORNERS.slice(v * 3, v * 3 + 3)));
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
