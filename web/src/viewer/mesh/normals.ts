/**
 * Area-weighted vertex normals for an indexed mesh (sum of unnormalised face cross products,
 * then normalised). Works on any numeric position storage with a stride, so the quantised uint16
 * grid of the view derivative is used as-is: its scale is uniform, so directions are unchanged.
 * One pass, no allocation besides the output.
 */
export type PositionArray = Float32Array | Uint16Array | Int16Array;

export function computeVertexNormals(
  positions: PositionArray,
  stride: number,
  vertexCount: number,
  indices: Uint32Array | Uint16Array,
  out: Float32Array = new Float32Array(vertexCount * 3),
): Float32Array {
  out.fill(0);
  const p = positions;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!;
    const b = indices[t + 1]!;
    const c = indices[t + 2]!;
    const ao = a * stride;
    const bo = b * stride;
    const co = c * stride;
    const ax = p[ao]!;
    const ay = p[ao + 1]!;
    const az = p[ao + 2]!;
    const e1x = p[bo]! - ax;
    const e1y = p[bo + 1]! - ay;
    const e1z = p[bo + 2]! - az;
    const e2x = p[co]! - ax;
    const e2y = p[co + 1]! - ay;
    const e2z = p[co + 2]! - az;
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    out[a * 3] = out[a * 3]! + nx;
    out[a * 3 + 1] = out[a * 3 + 1]! + ny;
    out[a * 3 + 2] = out[a * 3 + 2]! + nz;
    out[b * 3] = out[b * 3]! + nx;
    out[b * 3 + 1] = out[b * 3 + 1]! + ny;
    out[b * 3 + 2] = out[b * 3 + 2]! + nz;
    out[c * 3] = out[c * 3]! + nx;
    out[c * 3 + 1] = out[c * 3 + 1]! + ny;
    out[c * 3 + 2] = out[c * 3 + 2]! + nz;
  }
  for (let v = 0; v < vertexCount * 3; v += 3) {
    const x = out[v]!;
    const y = out[v + 1]!;
    const z = out[v + 2]!;
    const len = Math.sqrt(x * x + y * y + z * z);
    if (len > 0) {
      out[v] = x / len;
      out[v + 1] = y / len;
      out[v + 2] = z / len;
    } else {
      out[v + 2] = 1;
    }
  }
  return out;
}
