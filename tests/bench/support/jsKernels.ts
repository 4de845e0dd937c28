/** Plain JavaScript counterparts of the wasm kernels (benchmark baselines, G3/G4). */

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

/** Area-weighted vertex normals of an indexed mesh (same algorithm as the wasm kernel). */
export function jsVertexNormals(pos: Float32Array, idx: Uint32Array): Float32Array {
  const out = new Float32Array(pos.length);
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t]! * 3;
    const b = idx[t + 1]! * 3;
    const c = idx[t + 2]! * 3;
    const ax = pos[a]!,
      ay = pos[a + 1]!,
      az = pos[a + 2]!;
    const ux = pos[b]! - ax,
      uy = pos[b + 1]! - ay,
      uz = pos[b + 2]! - az;
    const vx = pos[c]! - ax,
      vy = pos[c + 1]! - ay,
      vz = pos[c + 2]! - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    out[a] = out[a]! + nx;
    out[a + 1] = out[a + 1]! + ny;
    out[a + 2] = out[a + 2]! + nz;
    out[b] = out[b]! + nx;
    out[b + 1] = out[b + 1]! + ny;
    out[b + 2] = out[b + 2]! + nz;
    out[c] = out[c]! + nx;
    out[c + 1] = out[c + 1]! + ny;
    out[c + 2] = out[c + 2]! + nz;
  }
  for (let i = 0; i < out.length; i += 3) {
    const l = Math.hypot(out[i]!, out[i + 1]!, out[i + 2]!);
    if (l > 0) {
      out[i] = out[i]! / l;
      out[i + 1] = out[i + 1]! / l;
      out[i + 2] = out[i + 2]! / l;
    }
  }
  return out;
}
