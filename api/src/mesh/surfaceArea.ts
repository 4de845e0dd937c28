/**
 * Whether a mesh has any surface at all. A mesh whose every triangle has zero area (all its
 * points on one line, or coinciding) passes every format check but can be neither shaded nor
 * framed: its view derivative and thumbnail cannot be built. Such a file is refused at upload.
 *
 * A triangle has area when the sine of the angle between two of its edges is above float32
 * noise: |e0 × e1| > 1e-6 · |e0| · |e1|. Checks stop at the first triangle with area, so a
 * real mesh costs one triangle.
 */
const SINE_EPSILON = 1e-6;

export function triangleHasArea(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
): boolean {
  const ux = bx - ax;
  const uy = by - ay;
  const uz = bz - az;
  const vx = cx - ax;
  const vy = cy - ay;
  const vz = cz - az;
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const cross2 = nx * nx + ny * ny + nz * nz;
  const uv2 = (ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz);
  return cross2 > 0 && cross2 > SINE_EPSILON * SINE_EPSILON * uv2;
}

/** Whether the 50-byte binary STL record at `off` of `b` is a triangle with area. */
export function stlRecordHasArea(b: Uint8Array, off: number): boolean {
  const v = new DataView(b.buffer, b.byteOffset + off + 12, 36);
  const f = (i: number) => v.getFloat32(i * 4, true);
  return triangleHasArea(f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7), f(8));
}

/** Whether any triangle of a binary STL (80-byte header, count, 50-byte records) has area. */
export function binaryStlHasArea(stl: Uint8Array): boolean {
  if (stl.length < 84) return false;
  const n = Math.min(
    new DataView(stl.buffer, stl.byteOffset + 80, 4).getUint32(0, true),
    Math.floor((stl.length - 84) / 50),
  );
  for (let t = 0; t < n; t++) if (stlRecordHasArea(stl, 84 + 50 * t)) return true;
  return false;
}

/** Whether any triangle of an indexed mesh (or a soup, `indices` null) has area. */
export function indexedMeshHasArea(positions: Float32Array, indices: Uint32Array | null): boolean {
  const corners = indices ? indices.length : positions.length / 3;
  const at = (k: number) => (indices ? indices[k]! : k) * 3;
  for (let k = 0; k + 2 < corners; k += 3) {
    const a = at(k);
    const b = at(k + 1);
    const c = at(k + 2);
    const p = positions;
    if (
      triangleHasArea(
        p[a]!,
        p[a + 1]!,
        p[a + 2]!,
        p[b]!,
        p[b + 1]!,
        p[b + 2]!,
        p[c]!,
        p[c + 1]!,
        p[c + 2]!,
      )
    ) {
      return true;
    }
  }
  return false;
}
