import type { ViewMesh } from '../mesh/viewMesh';

/**
 * World-space positions (mm, x y z per vertex) and triangle indices of a loaded model, as the
 * distance engine takes them. The view derivative's quantised grid is placed by its node
 * transform here (world = offset + scale × local).
 */
export function meshArraysOf(mesh: ViewMesh): {
  positions: Float32Array;
  indices: Uint32Array | null;
} {
  const attr = mesh.geometry.getAttribute('position');
  const n = attr.count;
  const positions = new Float32Array(n * 3);
  const { x, y, z } = mesh.offset;
  for (let v = 0; v < n; v++) {
    positions[v * 3] = x + mesh.scale * attr.getX(v);
    positions[v * 3 + 1] = y + mesh.scale * attr.getY(v);
    positions[v * 3 + 2] = z + mesh.scale * attr.getZ(v);
  }
  const index = mesh.geometry.getIndex();
  const indices = index
    ? index.array instanceof Uint32Array
      ? index.array
      : Uint32Array.from(index.array as ArrayLike<number>)
    : null;
  return { positions, indices };
}
